import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linksOf, unsubscribeLinkOf } from '../../../testing/smtpServer.ts'
import type { TestApp } from '../../../testing/startTestApp.ts'
import { alice, codes, graphql } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { createSchedule, scheduleInput } from '../../api/testing/scheduleClient.ts'
import { chainClients, pay } from '../../watcher/testing/payments.ts'
import { emailOutbox } from '../../db/schema.ts'
import { PAYEE_ADDRESS, settle, startEmailApp } from './testing/emailApp.ts'

let env: Awaited<ReturnType<typeof startEmailApp>>
let app: TestApp
let smtp: Awaited<ReturnType<typeof startEmailApp>>['smtp']
let cookie: string
let mailsOf: Awaited<ReturnType<typeof startEmailApp>>['mailsOf']
let waitFor: Awaited<ReturnType<typeof startEmailApp>>['waitFor']
let setEmail: Awaited<ReturnType<typeof startEmailApp>>['setEmail']

beforeAll(async () => {
  env = await startEmailApp(8576)
  ;({ app, smtp, cookie, mailsOf, waitFor, setEmail } = env)
})
afterAll(async () => env?.close())

const paid = async (amount: string, sent: bigint, extra: Record<string, unknown> = {}) => {
  const request = await createRequest(app.url, cookie, alice, { amount, memo: `Order ${amount}`, ...extra })
  await pay(env.anvil.rpcUrl, { from: 1, to: alice.address, amount: sent, reference: request.reference })
  return request
}

describe('e-mail', () => {
  it('refuses an address with a header in it or of 300 characters, naming the field, storing and sending nothing', async () => {
    for (const address of ['a@b.c\r\nBcc: x@y.z', `${'a'.repeat(288)}@example.com`]) {
      const refused = await setEmail(address)
      expect(codes(refused)).toEqual(['BAD_USER_INPUT'])
      expect(refused.errors![0]!.extensions!.field).toBe('address')
    }
    expect(
      (await graphql<{ myEmail: null }>(app.url, 'query { myEmail { address } }', { cookie })).data!.myEmail,
    ).toBeNull()
    expect(smtp.received).toHaveLength(0)
  })

  it('sends a new address a confirmation link that works without a session', async () => {
    expect((await setEmail(PAYEE_ADDRESS)).data!.setMyEmail.confirmed).toBe(false)
    const mail = await waitFor(/^Confirm your address/)
    expect(mail.from!.value[0]!.address).toBe('billfold@example.com')
    const link = linksOf(mail).find((l) => l.includes('/email/confirm?token='))!
    expect(
      linksOf(mail).every(
        (l) => l.startsWith(`${app.url}/email/confirm?token=`) || l.startsWith(`${app.url}/email/unsubscribe?token=`),
      ),
    ).toBe(true)
    // Fetching the link (a mail scanner does) changes nothing; the button does.
    expect(await (await fetch(link)).text()).toContain(`Confirm ${PAYEE_ADDRESS}`)
    expect(
      (await graphql<{ myEmail: { confirmed: boolean } }>(app.url, 'query { myEmail { confirmed } }', { cookie })).data!
        .myEmail.confirmed,
    ).toBe(false)
    const confirmed = await fetch(link, { method: 'POST' })
    expect(await confirmed.text()).toContain(`${PAYEE_ADDRESS} is confirmed`)
    expect(
      (await graphql<{ myEmail: { confirmed: boolean } }>(app.url, 'query { myEmail { confirmed } }', { cookie })).data!
        .myEmail.confirmed,
    ).toBe(true)
    // A forged token is refused.
    expect((await fetch(`${link.slice(0, -3)}xyz`, { method: 'POST' })).status).toBe(400)
  })

  it('tells the payee each thing once, with links to its own requests only', async () => {
    const partial = await paid('10', 4_000_000n)
    await waitFor(/^Partly paid: 4\.00 of 10\.00 USDC/)
    await pay(env.anvil.rpcUrl, { from: 1, to: alice.address, amount: 6_000_000n, reference: partial.reference })
    const paidMail = await waitFor(/^Paid: 10\.00 USDC for “Order 10”/)
    const over = await paid('3', 5_000_000n)
    await waitFor(/^Paid more than asked: 5\.00 USDC/)
    await createRequest(app.url, cookie, alice, {
      amount: '7.5',
      memo: 'Soon due',
      dueAt: new Date(Math.floor(Date.now() / 1000 + 3) * 1000).toISOString(),
    })
    await waitFor(/^Expired unpaid: “Soon due”/)
    await pay(env.anvil.rpcUrl, { from: 2, to: alice.address, amount: 1_234_567n })
    const unmatched = await waitFor(/^A transfer matched no request: 1\.234567 USDC/)
    expect(unmatched.text).toContain('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    const refund = (
      await graphql<{ prepareRefund: { transaction: { to: `0x${string}`; data: `0x${string}` } } }>(
        app.url,
        'mutation($r: String!) { prepareRefund(requestId: $r, amount: "2") { transaction { to data } } }',
        { variables: { r: over.id }, cookie },
      )
    ).data!.prepareRefund
    const { walletOf, publicClient } = chainClients(env.anvil.rpcUrl)
    await publicClient.waitForTransactionReceipt({ hash: await walletOf(0).sendTransaction(refund.transaction) })
    await waitFor(/^Refund confirmed: 2\.00 USDC for “Order 3”/)
    // Nothing twice, whatever the watcher re-read meanwhile.
    await settle()
    for (const kind of [/^Partly paid/, /^Paid:/, /^Paid more/, /^Expired/, /^A transfer matched/, /^Refund confirmed/])
      expect(mailsOf(kind), String(kind)).toHaveLength(1)
    for (const mail of smtp.to(PAYEE_ADDRESS))
      for (const link of linksOf(mail)) expect(link.startsWith(`${app.url}/`)).toBe(true)
    expect(linksOf(paidMail)).toContain(`${app.url}/requests/${partial.id}`)
    expect(unsubscribeLinkOf(paidMail)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/email\/unsubscribe\?token=/)
  })

  it('sends a payer’s receipt in German to the address they left, with only Billfold’s links', async () => {
    const request = await createRequest(app.url, cookie, alice, {
      amount: '19.99',
      memo: 'Kaffeebohnen https://evil.example/pay',
    })
    const left = await graphql(
      app.url,
      'mutation($r: String!) { leavePayerEmail(requestId: $r, address: "zahler@example.de", language: "de") }',
      {
        variables: { r: request.id },
      },
    )
    expect(left.data).toEqual({ leavePayerEmail: true })
    await pay(env.anvil.rpcUrl, { from: 3, to: alice.address, amount: 19_990_000n, reference: request.reference })
    const receipt = await waitFor(/^Beleg: 19,99 USDC bezahlt/, 1, 'zahler@example.de')
    expect(receipt.text).toContain('ist auf der Chain bestätigt')
    expect(receipt.text).toContain('https[:]//evil[.]example/pay')
    expect(linksOf(receipt).every((l) => l.startsWith(`${app.url}/`))).toBe(true)
    expect(linksOf(receipt)).toContain(`${app.url}/receipts/${request.id}`)
  })

  it('defangs www. and bare host names in a memo and the payee’s name, in the subject, the text and the HTML', async () => {
    await graphql(app.url, 'mutation { updateMyProfile(displayName: "Shop www.evil.example") { displayName } }', {
      cookie,
    })
    const memo = 'Pay at evil.example or pay.evil.co.uk/x, 1.5 kg, e.g. Mr. Smith'
    const request = await createRequest(app.url, cookie, alice, { amount: '1.5', memo })
    await graphql(
      app.url,
      'mutation($r: String!) { leavePayerEmail(requestId: $r, address: "buyer@example.org", language: "en") }',
      { variables: { r: request.id } },
    )
    await pay(env.anvil.rpcUrl, { from: 3, to: alice.address, amount: 1_500_000n, reference: request.reference })
    const receipt = await waitFor(/^Receipt: 1\.50 USDC/, 1, 'buyer@example.org')
    const defanged = 'Pay at evil[.]example or pay[.]evil[.]co[.]uk/x, 1.5 kg, e.g. Mr. Smith'
    expect(receipt.subject).toBe(`Receipt: 1.50 USDC paid for “${defanged}”`)
    for (const part of [receipt.text!, String(receipt.html)]) {
      expect(part).toContain(defanged)
      expect(part).toContain('Shop www[.]evil[.]example (0x')
      expect(part).not.toMatch(/evil\.example|evil\.co\.uk/)
    }
    expect(linksOf(receipt).every((l) => l.startsWith(`${app.url}/`))).toBe(true)
  })

  it('tries again when the SMTP server refuses, and the message arrives once', async () => {
    smtp.refuse(2)
    await paid('2.5', 2_500_000n)
    await waitFor(/^Paid: 2\.50 USDC/)
    const [row] = await app.database.db
      .select()
      .from(emailOutbox)
      .where(
        eq(
          emailOutbox.dedupeKey,
          `paid:${(await app.database.db.select().from(emailOutbox)).find((r) => r.kind === 'paid' && r.attempts === 3)?.requestId}`,
        ),
      )
    expect(row).toMatchObject({ outcome: 'sent', attempts: 3, lastError: expect.stringMatching(/451/) })
  })

  it('sends a schedule’s period to the payer’s address in their language', async () => {
    const { schedule } = await createSchedule(
      app.url,
      cookie,
      alice,
      scheduleInput({ payerEmail: 'client@example.fr', payerLanguage: 'fr', memo: 'Loyer' }),
    )
    const mail = await waitFor(/^Demande de paiement : 250,00 USDC pour « Loyer/, 1, 'client@example.fr')
    const current = (
      await graphql<{ schedule: { currentRequest: { id: string } } }>(
        app.url,
        'query($id: String!) { schedule(id: $id) { currentRequest { id } } }',
        { variables: { id: schedule!.id } },
      )
    ).data!.schedule.currentRequest
    expect(linksOf(mail)).toContain(`${app.url}/pay/${current.id}`)
    expect(
      linksOf(mail).every(
        (l) => l.startsWith(`${app.url}/pay/${current.id}`) || l.startsWith(`${app.url}/email/unsubscribe?`),
      ),
    ).toBe(true)
  })

  it('stops every e-mail to an address by its refuse link, without a session (one click, RFC 8058)', async () => {
    const link = unsubscribeLinkOf(smtp.to(PAYEE_ADDRESS).at(-1)!)!
    const stopped = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(await stopped.text()).toContain(`${PAYEE_ADDRESS} will get no more e-mail from this Billfold`)
    const before = smtp.to(PAYEE_ADDRESS).length
    const request = await paid('4.2', 4_200_000n)
    await expect
      .poll(
        async () =>
          (
            await graphql<{ paymentRequest: { status: string } }>(
              app.url,
              'query($id: String!) { paymentRequest(id: $id) { status } }',
              { variables: { id: request.id } },
            )
          ).data!.paymentRequest.status,
        { timeout: 15_000 },
      )
      .toBe('paid')
    await settle()
    // Not even queued: the address is on the list of those that said stop.
    expect(
      await app.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `paid:${request.id}`)),
    ).toEqual([])
    expect(smtp.to(PAYEE_ADDRESS).length).toBe(before)
  })
})
