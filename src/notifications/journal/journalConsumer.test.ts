import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { createDatabase, type Database, type Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { followJournal } from './journalConsumer.ts'

const PAYEE = '0xA11CE00000000000000000000000000000000001'
// More than a JSON number holds: the events carry it exactly.
const AMOUNT = '123456789012345678901234567890'

let database: Database
let db: Db
beforeAll(async () => {
  database = await createDatabase({})
  db = database.db
  await db.execute(sql`insert into webhook_endpoints (id, payee, url, events, secret_sealed)
    values ('we_1', ${PAYEE}, 'https://example.com/hook', '{payment_request.created,payment.detected,payment_request.paid,payment_request.expired}', 'sealed')`)
}, 120_000)
afterAll(() => database?.close())

let n = 0
const makeRequest = (tx: Db) => {
  const id = `req_${++n}`
  return tx
    .execute(
      sql`insert into payment_requests (id, chain_id, asset, symbol, decimals, amount, payee, memo, due_at, reference, signature, created_block)
        values (${id}, 31337, '0xToken', 'USDC', 6, ${AMOUNT}, ${PAYEE}, 'Rent', now() + interval '1 day', ${`ref_${id}`}, '0xsig', 12)`,
    )
    .then(() => id)
}
const pay = (tx: Db, requestId: string) =>
  tx.execute(sql`insert into payments (chain_id, tx_hash, log_index, request_id, from_address, amount, block_number, block_hash, block_time)
    values (31337, ${`0xtx_${requestId}`}, 0, ${requestId}, '0xPayer', ${AMOUNT}, 40, '0xblock', now())`)
const setStatus = (tx: Db, requestId: string, status: string) =>
  tx.execute(
    sql`update payment_requests set status = ${status}, received = ${status === 'paid' ? AMOUNT : '0'} where id = ${requestId}`,
  )

type Event = {
  type: string
  request_id: string
  payload: { request: Record<string, unknown>; payment?: Record<string, unknown> }
}
const eventsOf = async (requestId: string) =>
  resultRows<Event>(
    await db.execute(sql`select e.type, e.request_id, e.payload from webhook_events e
      join webhook_deliveries d on d.event_id = e.id where e.request_id = ${requestId} order by e.created_at`),
  )
const journalSize = async () =>
  Number(resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from change_journal`))[0]!.n)

describe('the change journal and its consumer', () => {
  it('reports a payment with its request as its transaction left it, exactly, and each change once', async () => {
    const id = await db.transaction(async (tx) => {
      const made = await makeRequest(tx)
      await pay(tx, made)
      await setStatus(tx, made, 'paid')
      return made
    })
    expect(await followJournal(db)).toBeGreaterThan(0)
    const events = await eventsOf(id)
    expect(events.map((e) => e.type)).toEqual(['payment_request.created', 'payment.detected', 'payment_request.paid'])
    expect(events[1]!.payload.request).toMatchObject({
      id,
      status: 'paid',
      received: AMOUNT,
      amount: AMOUNT,
      created_block: '12',
    })
    expect(events[1]!.payload.payment).toMatchObject({
      amount: AMOUNT,
      block_number: '40',
      asset: '0xToken',
      symbol: 'USDC',
      decimals: 6,
    })
    expect(events[0]!.payload.request).toMatchObject({ status: 'open', received: '0' })
    expect(await journalSize()).toBe(0)
    expect(await followJournal(db)).toBe(0)
    expect(await eventsOf(id)).toHaveLength(3)
  })

  it('reports a payment made before its request changed in a later transaction with the request as it then was', async () => {
    const id = await db.transaction((tx) => makeRequest(tx))
    await db.transaction((tx) => pay(tx, id))
    await db.transaction((tx) => setStatus(tx, id, 'expired'))
    await followJournal(db)
    const events = await eventsOf(id)
    expect(events.map((e) => [e.type, e.payload.request.status])).toEqual([
      ['payment_request.created', 'open'],
      ['payment.detected', 'open'],
      ['payment_request.expired', 'expired'],
    ])
  })

  it('records nothing of a change rolled back', async () => {
    await db
      .transaction(async (tx) => {
        await makeRequest(tx)
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    expect(await journalSize()).toBe(0)
  })

  it('keeps what follows in the journal when writing it fails, and follows it later', async () => {
    const id = await db.transaction((tx) => makeRequest(tx))
    await db.execute(sql`alter table webhook_deliveries rename to webhook_deliveries_away`)
    await expect(followJournal(db)).rejects.toThrow()
    await db.execute(sql`alter table webhook_deliveries_away rename to webhook_deliveries`)
    expect(await journalSize()).toBe(1)
    expect(await followJournal(db)).toBe(1)
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['payment_request.created'])
  })
})

const postgresUrl = inject('postgresUrl')

describe.skipIf(!postgresUrl)('the journal followed by two servers on one PostgreSQL', () => {
  const servers: Database[] = []
  beforeAll(async () => {
    const url = await createFreshDatabase(postgresUrl)
    for (let i = 0; i < 2; i++) servers.push(await createDatabase({ url, poolSize: 4 }))
    await servers[0]!.db.execute(sql`insert into webhook_endpoints (id, payee, url, events, secret_sealed)
      values ('we_1', ${PAYEE}, 'https://example.com/hook', '{payment_request.created}', 'sealed')`)
  }, 60_000)
  afterAll(() => Promise.all(servers.map((s) => s.close())))

  it('reports each change once, in the order the changes were made', async () => {
    const [a, b] = servers as [Database, Database]
    const made: string[] = []
    for (let i = 0; i < 40; i++) made.push(await a.db.transaction((tx) => makeRequest(tx)))
    // Both follow at once, in small runs, until nothing is left.
    const follow = async (server: Database) => {
      while ((await followJournal(server.db, 3)) > 0 || (await pending(server.db)) > 0) await Promise.resolve()
    }
    await Promise.all([follow(a), follow(b), follow(a), follow(b)])
    const events = resultRows<{ request_id: string }>(
      await a.db.execute(
        sql`select request_id from webhook_events where type = 'payment_request.created' order by created_at`,
      ),
    )
    expect(events.map((e) => e.request_id)).toEqual(made)
  })
})

const pending = async (on: Db) =>
  Number(resultRows<{ n: number }>(await on.execute(sql`select count(*)::int as n from change_journal`))[0]!.n)
