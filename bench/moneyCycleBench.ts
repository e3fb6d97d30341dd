import { eq, sql } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import { activeChains, assetsOf } from '../src/chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { alice } from '../src/api/testing/graphqlClient.ts'
import { createDatabase, type Database } from '../src/db/createDatabase.ts'
import { apiKeys, emailOutbox } from '../src/db/schema.ts'
import { periodStart } from '../src/domain/schedule/schedulePeriods.ts'
import { insertDelegatedKey } from '../src/merchants/apiKeys.ts'
import { silentLogger } from '../src/domain/logger.ts'
import { createEmailDelivery } from '../src/notifications/email/emailDelivery.ts'
import { createEmailTokens } from '../src/notifications/email/emailTokens.ts'
import { issueDuePeriods } from '../src/merchants/schedules/issueDuePeriods.ts'
import { createKeySchedule, type ScheduleRow } from '../src/merchants/schedules/scheduleStore.ts'
import { createSecretBox } from '../src/secrets/secretBox.ts'
import { createDelegateSignature } from '../src/merchants/signing/delegateSignature.ts'
import { createSigningPool } from '../src/merchants/signing/signingPool.ts'
import { createFreshDatabase, postgresUnavailableReason, startPostgresServer } from '../testing/postgresServer.ts'
import { startSmtpServer } from '../testing/smtpServer.ts'
import { TEST_SECRET_KEY } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { ms } from './stats.ts'

const SCHEDULES = 1000
const EMAILS = 500

/**
 * Recurring requests and e-mail at volume: 1,000 schedules whose period begins at one moment,
 * issued by one server and then by two on one PostgreSQL (each period its own transaction, signed by
 * its delegate on the signing threads); and 500 e-mails sent from the outbox to an SMTP server on
 * loopback.
 */
export async function runMoneyCycleBenchmarks() {
  console.log(
    `\nRecurring requests: ${SCHEDULES} monthly schedules whose period begins at one moment, issued by one server, then by two on one PostgreSQL`,
  )
  const reason = postgresUnavailableReason()
  if (reason) return console.log(`  skipped: ${reason}`)
  const anvil = await startTestChain(8579)
  const postgres = await startPostgresServer()
  const pool = createSigningPool()
  const servers: Database[] = []
  try {
    const url = await createFreshDatabase(postgres.url)
    servers.push(await createDatabase({ url }), await createDatabase({ url }))
    const db = servers[0]!.db
    const box = createSecretBox(TEST_SECRET_KEY, 'api key delegates')
    const sign = createDelegateSignature(box, pool.sign)
    const assets = assetsOf(activeChains({ 31337: anvil.rpcUrl }))
    const client = () => chainClients(anvil.rpcUrl).publicClient
    const key = await insertDelegatedKey(db, box, alice.address, {
      name: 'bench',
      scopes: ['requests:write'],
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
    })
    // The bench's own key: its delegation stands as signed (the issuer checks it is there and current).
    await db.update(apiKeys).set({ activatedAt: new Date(), delegationSignature: '0x00' }).where(eq(apiKeys.id, key.id))
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id))
    const startsOn = new Date().toISOString().slice(0, 10)
    const input = {
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      amount: '250',
      memo: 'Retainer',
      interval: 'month',
      day: new Date().getUTCDate(),
      startsOn,
      dueDays: 14,
    }
    const schedules: ScheduleRow[] = []
    for (let i = 0; i < SCHEDULES; i++) schedules.push(await createKeySchedule(db, assets, row!, input))
    const issue = (database: Database, period: number) =>
      issueDuePeriods({
        db: database.db,
        signAsDelegate: sign,
        assets,
        client,
        now: () => new Date(periodStart(schedules[0]!, period).getTime() + 3600_000),
      })
    for (const [period, count] of [
      [0, 1],
      [1, 2],
    ] as const) {
      const started = performance.now()
      const issued = await Promise.all(servers.slice(0, count).map((server) => issue(server, period)))
      const elapsed = performance.now() - started
      const total = issued.flat().length
      const distinct = new Set(issued.flat().map((i) => i.request.id)).size
      console.log(
        `  ${count} server${count > 1 ? 's' : ' '}  ${total} periods in ${ms(elapsed)}  (${Math.round((total / elapsed) * 1000)} a second${count > 1 ? `; ${issued.map((i) => i.length).join(' + ')}` : ''}; ${distinct === SCHEDULES ? 'each once' : `${distinct} distinct`})`,
      )
    }
    await emailBench(servers[0]!, assets)
  } finally {
    await Promise.all(servers.map((s) => s.close()))
    await pool.close()
    await postgres.stop()
    await anvil.stop()
  }
}

async function emailBench(database: Database, assets: ReturnType<typeof assetsOf>) {
  console.log(`\nE-mail: ${EMAILS} payer receipts sent from the outbox to an SMTP server on loopback (one server)`)
  const smtp = await startSmtpServer()
  const { db } = database
  const [request] = await db
    .execute(sql`select id from payment_requests limit 1`)
    .then((r) => (Array.isArray(r) ? r : (r as { rows: { id: string }[] }).rows) as { id: string }[])
  await db.insert(emailOutbox).values(
    Array.from({ length: EMAILS }, (_, i) => ({
      id: `eml_bench_${i}`,
      dedupeKey: `bench:${i}`,
      kind: 'receipt',
      toAddress: `payer${i}@example.com`,
      language: ['en', 'de', 'fr', 'ja'][i % 4]!,
      requestId: request!.id,
    })),
  )
  const worker = createEmailDelivery(database, {
    db,
    tokens: createEmailTokens(TEST_SECRET_KEY),
    publicUrl: 'http://127.0.0.1:3000',
    assets,
    transport: createTransport({
      host: '127.0.0.1',
      port: Number(new URL(smtp.url).port),
      secure: false,
      pool: true,
      maxConnections: 1,
    }),
    from: 'billfold@example.com',
    logger: silentLogger,
    settings: { pollMs: 50 },
  })
  const started = performance.now()
  worker.start()
  while (smtp.received.length < EMAILS) await new Promise((resolve) => setTimeout(resolve, 20))
  const elapsed = performance.now() - started
  await worker.stop()
  await smtp.close()
  console.log(
    `  ${EMAILS} sent in ${ms(elapsed)}  (${Math.round((EMAILS / elapsed) * 1000)} a second, each composed from the database as then)`,
  )
}
