import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { linksOf, startSmtpServer, unsubscribeLinkOf } from '../../../testing/smtpServer.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { alice, bob, codes, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { createSchedule, scheduleInput } from '../../api/testing/scheduleClient.ts'
import { pay } from '../../watcher/testing/payments.ts'
import { emailOutbox } from '../../db/schema.ts'
import { PAYEE_NOTICES } from './renderEmail.ts'
import { PAYEE_ADDRESS, settle, startEmailApp } from './testing/emailApp.ts'

let env: Awaited<ReturnType<typeof startEmailApp>>

const STRANGER = 'stranger@example.net'
const SET =
  'mutation($a: String!, $n: [String!]!) { setMyEmail(address: $a, language: "en", notices: $n) { address confirmed } }'

beforeAll(async () => {
  env = await startEmailApp(8589)
}, 60_000)
afterAll(async () => env?.close())

const setAs = (cookie: string, address: string) =>
  graphql<{ setMyEmail: { confirmed: boolean } }>(env.app.url, SET, {
    variables: { a: address, n: PAYEE_NOTICES },
    cookie,
  })

const statusOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { status: string } }>(
      env.app.url,
      'query($id: String!) { paymentRequest(id: $id) { status } }',
      { variables: { id } },
    )
  ).data!.paymentRequest.status

describe('e-mail to others, consented and bounded', () => {
  it('sends one confirmation to an address however often any payee asks, and says when it may be asked again', async () => {
    const { smtp, cookie } = env
    const bobCookie = (await signIn(env.app.url, bob)).cookie
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await setAs(cookie, STRANGER))
    answers.push(await setAs(bobCookie, STRANGER.toUpperCase()))
    // The payee who asked first may save the same address again (its notices, say): no new link is sent.
    for (const saved of answers.slice(0, 5)) expect(saved.data!.setMyEmail.confirmed).toBe(false)
    for (const refused of answers.slice(5)) {
      expect(codes(refused)).toEqual(['EMAIL_CONFIRMATION_LIMITED'])
      expect(refused.errors![0]!.extensions!.field).toBe('address')
      expect(refused.errors![0]!.message).toMatch(
        /another may be asked for from \d{4}-\d\d-\d\d \d\d:\d\d UTC \(at most one an hour and 3 a day/,
      )
    }
    // Nothing saved for bob, nothing queued for anyone after the first.
    const bobs = await graphql<{ myEmail: null }>(env.app.url, 'query { myEmail { address } }', { cookie: bobCookie })
    expect(bobs.data!.myEmail).toBeNull()
    await env.waitFor(/^Confirm your address/, 1, STRANGER)
    await settle()
    expect(smtp.to(STRANGER)).toHaveLength(1)
    expect(
      (await env.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'confirm'))).filter(
        (r) => r.toAddress?.toLowerCase() === STRANGER,
      ),
    ).toHaveLength(1)
  })

  it('lets the recipient of a confirmation refuse all e-mail, after which no payee can set the address', async () => {
    const mail = env.mailsOf(/^Confirm your address/, STRANGER)[0]!
    const refuse = unsubscribeLinkOf(mail)!
    expect(refuse).toMatch(new RegExp(`^${env.app.url}/email/unsubscribe\\?token=`))
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toMatch(/List-Unsubscribe=One-Click/)
    expect(linksOf(mail)).toContain(refuse)
    expect(mail.text).toContain(`Refuse all e-mail from Billfold at ${new URL(env.app.url).host}, for good: ${refuse}`)
    // A GET (a mail scanner) only shows the button.
    expect(await (await fetch(refuse)).text()).toContain(`Never send e-mail to ${STRANGER} again`)
    const refused = await fetch(refuse, { method: 'POST' })
    expect(await refused.text()).toContain(`${STRANGER} will get no more e-mail from this Billfold`)
    const bobCookie = (await signIn(env.app.url, bob)).cookie
    const again = await setAs(bobCookie, ` ${STRANGER.toUpperCase()}`)
    expect(codes(again)).toEqual(['EMAIL_REFUSED'])
    expect(again.errors![0]!.extensions!.field).toBe('address')
    expect(again.errors![0]!.message).toMatch(/refused all e-mail from this Billfold/)
    // The confirmation link sent before the refusal no longer confirms the address.
    const confirm = linksOf(mail).find((l) => l.includes('/email/confirm?token='))!
    expect((await fetch(confirm, { method: 'POST' })).status).toBe(400)
    await settle()
    expect(env.smtp.to(STRANGER)).toHaveLength(1)
  })

  it('honours the refusal for every kind: notices, receipts, schedule periods, confirmations, and mail queued before it', async () => {
    const { app, smtp, cookie } = env
    await env.confirmPayee()
    // The payee's own address is also a payer's: every kind reaches it until it refuses.
    const before = await createRequest(app.url, cookie, alice, { amount: '1', memo: 'Before' })
    await graphql(
      app.url,
      'mutation($r: String!) { leavePayerEmail(requestId: $r, address: "ADA@example.com", language: "en") }',
      { variables: { r: before.id } },
    )
    await pay(env.anvil.rpcUrl, { from: 1, to: alice.address, amount: 1_000_000n, reference: before.reference })
    await env.waitFor(/^Paid: 1\.00 USDC/)
    await env.waitFor(/^Receipt: 1\.00 USDC/)
    await createSchedule(app.url, cookie, alice, scheduleInput({ payerEmail: PAYEE_ADDRESS, memo: 'Rent before' }))
    await env.waitFor(/^Payment request: 250\.00 USDC for “Rent before/)

    const refuse = unsubscribeLinkOf(env.mailsOf(/^Receipt/)[0]!)!
    await fetch(refuse, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    const received = smtp.to(PAYEE_ADDRESS).length

    const after = await createRequest(app.url, cookie, alice, { amount: '2', memo: 'After' })
    await graphql(
      app.url,
      'mutation($r: String!) { leavePayerEmail(requestId: $r, address: "ada@example.com", language: "en") }',
      { variables: { r: after.id } },
    )
    await pay(env.anvil.rpcUrl, { from: 1, to: alice.address, amount: 2_000_000n, reference: after.reference })
    await expect.poll(() => statusOf(after.id), { timeout: 15_000 }).toBe('paid')
    const { schedule } = await createSchedule(
      app.url,
      cookie,
      alice,
      scheduleInput({ payerEmail: 'Ada@Example.com', memo: 'Rent after' }),
    )
    const period = async () =>
      (
        await graphql<{ schedule: { currentRequest: { id: string } | null } }>(
          app.url,
          'query($id: String!) { schedule(id: $id) { currentRequest { id } } }',
          { variables: { id: schedule!.id } },
        )
      ).data!.schedule.currentRequest?.id
    await expect.poll(period, { timeout: 15_000 }).toBeDefined()
    expect(codes(await env.setEmail('ada@example.com '))).toEqual(['EMAIL_REFUSED'])
    // Queued before the refusal (or by a server that had not seen it): dropped when it is sent.
    const queuedBefore = ['confirm', 'receipt', 'scheduled', 'paid'].map((kind) => ({
      id: `eml_refused_${kind}`,
      dedupeKey: `refused:${kind}`,
      kind,
      ...(kind === 'paid' ? { payee: alice.address } : { toAddress: PAYEE_ADDRESS, payee: alice.address }),
      language: 'en',
      requestId: after.id,
    }))
    await app.database.db.insert(emailOutbox).values(queuedBefore)
    await expect
      .poll(
        async () =>
          (await app.database.db.select().from(emailOutbox))
            .filter((r) => r.id.startsWith('eml_refused_'))
            .map((r) => `${r.kind}:${r.outcome}:${r.lastError}`)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['confirm', 'paid', 'receipt', 'scheduled'].map((k) => `${k}:skipped:the address refused all e-mail`))
    await settle()
    expect(smtp.to(PAYEE_ADDRESS)).toHaveLength(received)
    // Not even queued by the triggers: the notice, the receipt and the schedule's period.
    const periodId = await period()
    const queued = (await app.database.db.select().from(emailOutbox)).filter(
      (r) => r.requestId === after.id || r.requestId === periodId,
    )
    expect(queued.filter((r) => !r.id.startsWith('eml_refused_'))).toEqual([])
  })
})

const postgresUrl = inject('postgresUrl')

describe.skipIf(!postgresUrl)('the bound on confirmations, shared by two servers on one PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  const servers: TestApp[] = []
  beforeAll(async () => {
    smtp = await startSmtpServer()
    const databaseUrl = await createFreshDatabase(postgresUrl)
    for (let i = 0; i < 2; i++)
      servers.push(
        await startTestApp({
          anvilUrl: inject('anvilUrl'),
          databaseUrl,
          watch: false,
          smtpUrl: smtp.url,
          emailFrom: 'billfold@example.com',
          emailDelivery: { pollMs: 100 },
          rateLimitPerMinute: 0,
        }),
      )
  }, 60_000)
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await smtp?.close()
  })

  it('sends one confirmation when two payees ask for one address through two servers at once', async () => {
    const [a, b] = servers as [TestApp, TestApp]
    const cookies = [(await signIn(a.url, alice)).cookie, (await signIn(b.url, bob)).cookie]
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        graphql<{ setMyEmail: { confirmed: boolean } }>(servers[i % 2]!.url, SET, {
          variables: { a: 'shared@example.net', n: ['paid'] },
          cookie: cookies[Math.floor(i / 3)]!,
        }),
      ),
    )
    expect(answers.map((r) => codes(r)?.[0] ?? 'ok').sort()).toEqual([
      ...Array.from({ length: 5 }, () => 'EMAIL_CONFIRMATION_LIMITED'),
      'ok',
    ])
    await expect.poll(() => smtp.to('shared@example.net').length, { timeout: 15_000 }).toBe(1)
    await settle()
    expect(smtp.to('shared@example.net')).toHaveLength(1)
  })
})
