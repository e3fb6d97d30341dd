import { sql } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantedByDevAccount } from '../../../testing/deleGatorPayer.ts'
import { linksOf, startSmtpServer } from '../../../testing/smtpServer.ts'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { alice } from '../../api/testing/graphqlClient.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import { silentLogger } from '../../domain/logger.ts'
import { createEmailDelivery } from '../../notifications/email/emailDelivery.ts'
import { createEmailTokens } from '../../notifications/email/emailTokens.ts'
import { followJournal } from '../../notifications/journal/journalConsumer.ts'
import { COMING_CHARGE_NOTICE_MS, noticeComingCharges } from './noticeComingCharges.ts'
import { askedPermission } from './subscriptionPermissions.ts'
import { changeSubscription, planTerms, startSubscription } from './subscriptionStore.ts'
import {
  anvil,
  assets,
  chainTime,
  chargesOf,
  databaseUrl,
  moveChainTo,
  of,
  plan,
  postgresUrl,
  servers,
  sweep,
} from './testing/chargingHarness.ts'

const PAYER = 'zahler@example.com'
const LEFT = 'left@example.com'
const DAY_MS = 86_400_000
const PUBLIC_URL = 'https://billfold.example'

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let senders: BackgroundWorker[] = []
/** Each server's e-mail delivery, sending to the test's SMTP server, as a server runs it. */
const deliver = (database: Database) => {
  const worker = createEmailDelivery(database, {
    db: database.db,
    tokens: createEmailTokens(TEST_SECRET_KEY),
    publicUrl: PUBLIC_URL,
    assets,
    transport: createTransport(smtp.url),
    from: 'billfold@example.com',
    logger: silentLogger,
    settings: { pollMs: 100, retryDelaysMs: [200] },
  })
  worker.start()
  senders.push(worker)
}
const outboxOf = async (subscriptionId: string) =>
  resultRows<{ outcome: string | null }>(
    await servers[0]!.db.execute(
      sql`select outcome from email_outbox where kind = 'subscription_coming' and payload->>'subscriptionId' = ${subscriptionId}`,
    ),
  )
const mailsOf = (subject: RegExp) => smtp.to(PAYER).filter((m) => subject.test(m.subject ?? ''))
const waitForMail = async (subject: RegExp, count: number) => {
  await expect.poll(() => mailsOf(subject).length, { timeout: 15_000 }).toBe(count)
  // A second for anything sent twice to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  expect(mailsOf(subject).length).toBe(count)
  return mailsOf(subject).at(-1)!
}

beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await Promise.all(senders.map((s) => s.stop()))
  await smtp?.close()
})

describe.skipIf(!postgresUrl)('a subscription’s e-mails to its payer', () => {
  it('tells the payer of each coming charge three days before, and of a past-due period with its pay link, each once across two servers and a restart', async () => {
    senders = []
    servers.forEach(deliver)
    // A plan beyond what the payer holds (a million), after a week's trial: the first charge cannot land.
    const big = await plan({ amount: '5000000', trialDays: 7, dunningDays: [1, 3] })
    const now = await chainTime()
    const startsAt = new Date(now.getTime() + 7 * DAY_MS)
    const terms = await planTerms(servers[0]!.db, big, startsAt)
    const subscription = await startSubscription(
      servers[0]!.db,
      big,
      {
        permission: await grantedByDevAccount(anvil.rpcUrl, 8, askedPermission(terms)),
        startTime: startsAt.getTime() / 1000,
        payerEmail: PAYER,
        payerLanguage: 'de',
      },
      now,
    )
    const both = (at: Date) => Promise.all(servers.map((server) => noticeComingCharges(server.db, at)))

    // Four days before the first charge: not yet. Two days before: once, whichever server looks.
    expect((await both(new Date(startsAt.getTime() - 4 * DAY_MS))).flat()).toEqual([])
    const told = await both(new Date(startsAt.getTime() - COMING_CHARGE_NOTICE_MS + DAY_MS))
    expect(told.flat()).toEqual([subscription.id])
    // A server started again looks once more: nothing new.
    const restarted = await createDatabase({ url: databaseUrl, poolSize: 1 })
    expect(await noticeComingCharges(restarted.db, new Date(startsAt.getTime() - DAY_MS))).toEqual([])
    const coming = await waitForMail(/^Anstehende Abbuchung/, 1)
    expect(coming.subject).toContain('5.000.000,00 USDC')
    expect(coming.text).toContain('„Pro plan“')
    expect(linksOf(coming)).toContain(`${PUBLIC_URL}/subscriptions/${subscription.id}`)

    // The first period cannot be charged: past due, the payer told once with the period's pay page.
    const first = new Date(startsAt.getTime() + 3600_000)
    await moveChainTo(first)
    expect(of(subscription.id, (await Promise.all(servers.map((s) => sweep(s, first)))).flat())).toEqual(['past_due'])
    await Promise.all(servers.map((server) => followJournal(server.db)))
    expect(await followJournal(restarted.db)).toBe(0)
    const [charge] = await chargesOf(subscription.id)
    const pastDue = await waitForMail(/^Überfällig/, 1)
    expect(pastDue.text).toContain('5.000.000,00 USDC')
    expect(linksOf(pastDue)).toContain(`${PUBLIC_URL}/pay/${charge!.requestId}`)

    // Its retry fails too: no second e-mail of the same period, from either server or the restarted one.
    const retry = new Date(first.getTime() + DAY_MS)
    await moveChainTo(retry)
    expect(of(subscription.id, await sweep(servers[1]!, retry))).toEqual(['past_due'])
    await followJournal(restarted.db)
    await Promise.all(servers.map((server) => followJournal(server.db)))

    // The next period's coming charge is told in its turn, once.
    const second = subscriptionPeriodStart(subscription, 1)
    const beforeSecond = new Date(second.getTime() - DAY_MS)
    expect((await both(beforeSecond)).flat()).toEqual([subscription.id])
    expect(await noticeComingCharges(restarted.db, beforeSecond)).toEqual([])
    await restarted.close()
    await waitForMail(/^Anstehende Abbuchung/, 2)
    expect(mailsOf(/^Überfällig/).length).toBe(1)
  })
  it('sends no coming-charge e-mail for a subscription cancelled after it was queued', async () => {
    const monthly = await plan({ trialDays: 7 })
    const now = await chainTime()
    const startsAt = new Date(now.getTime() + 7 * DAY_MS)
    const terms = await planTerms(servers[0]!.db, monthly, startsAt)
    const subscription = await startSubscription(
      servers[0]!.db,
      monthly,
      {
        permission: await grantedByDevAccount(anvil.rpcUrl, 7, askedPermission(terms)),
        startTime: startsAt.getTime() / 1000,
        payerEmail: LEFT,
        payerLanguage: 'en',
      },
      now,
    )
    // Queued while no server sends (its SMTP server away), then cancelled by the payee.
    await Promise.all(senders.map((s) => s.stop()))
    senders = []
    expect(await noticeComingCharges(servers[0]!.db, new Date(startsAt.getTime() - DAY_MS))).toEqual([subscription.id])
    await changeSubscription(servers[0]!.db, alice.address, subscription.id, 'cancel', now)
    servers.forEach(deliver)
    await expect
      .poll(async () => (await outboxOf(subscription.id)).map((r) => r.outcome), { timeout: 15_000 })
      .toEqual(['skipped'])
    expect(smtp.to(LEFT)).toEqual([])
  })
})
