import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { keccak256 } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { relayCalldata } from '../payments/methods/erc3009/simulateAuthorization.ts'
import { pgliteExtensions } from './openPglite.ts'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
const folders: string[] = []
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** The migrations as they were up to and including `lastTag`: a database made by an older release. */
function migrationsThrough(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'billfold-migrations-'))
  folders.push(dir)
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((e) => e.tag === lastTag)
  if (last === -1) throw new Error(`no migration ${lastTag}`)
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }))
  return dir
}

describe('migrating a database that has data', () => {
  it('0011 keys each Idempotency-Key by payee, keeping the first use where two keys of one payee shared one', async () => {
    const db = drizzle(await PGlite.create({ extensions: pgliteExtensions }))
    await migrate(db, { migrationsFolder: migrationsThrough('0010_announce_created_requests') })
    const key = (id: string, payee: string) =>
      sql`insert into api_keys (id, payee, name, scopes, delegate, delegate_key_sealed, delegation_expires_at)
          values (${id}, ${payee}, ${id}, '{requests:write}', '0xd', 'sealed', now() + interval '1 year')`
    for (const [id, payee] of [
      ['k1', '0xalice'],
      ['k2', '0xalice'],
      ['kb', '0xbob'],
    ] as const)
      await db.execute(key(id, payee))
    for (const [apiKey, created, request] of [
      ['k1', '2026-01-01T10:00:00Z', 'first'],
      ['k2', '2026-01-01T11:00:00Z', 'second'],
      ['kb', '2026-01-01T12:00:00Z', 'bobs'],
    ] as const)
      await db.execute(
        sql`insert into idempotency_keys (api_key_id, key, fingerprint, request_id, created_at) values (${apiKey}, 'order-1', 'f', ${request}, ${created})`,
      )

    await migrate(db, { migrationsFolder })
    const rows = await db.execute<{ payee: string; api_key_id: string; request_id: string }>(
      sql`select payee, api_key_id, request_id from idempotency_keys order by payee`,
    )
    expect(rows.rows).toEqual([
      { payee: '0xalice', api_key_id: 'k1', request_id: 'first' },
      { payee: '0xbob', api_key_id: 'kb', request_id: 'bobs' },
    ])
    // The same payee and key again is refused by the new primary key.
    await expect(
      db.execute(
        sql`insert into idempotency_keys (payee, api_key_id, key, fingerprint) values ('0xalice', 'k2', 'order-1', 'f')`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23505' } })
  })

  it('0028 keeps each address that unsubscribed as its key, and no address', async () => {
    const db = drizzle(await PGlite.create({ extensions: pgliteExtensions }))
    await migrate(db, { migrationsFolder: migrationsThrough('0026_email') })
    await db.execute(sql`insert into email_suppressions (address) values ('ada@example.com')`)

    await migrate(db, { migrationsFolder })
    const rows = await db.execute<{ address_hash: string; refused: boolean }>(
      sql`select address_hash, address_hash = billfold_email_key(' ADA@Example.com') as refused from email_suppressions`,
    )
    expect(rows.rows).toEqual([
      { address_hash: createHash('sha256').update('ada@example.com').digest('hex'), refused: true },
    ])
  })

  it('0031 records each relayed payment as an ERC-3009 authorization, its terms read from its call, and no withdrawal as one', async () => {
    const db = drizzle(await PGlite.create({ extensions: pgliteExtensions }))
    await migrate(db, { migrationsFolder: migrationsThrough('0030_relay_mined_block') })
    const [from, to] = [privateKeyToAddress(keccak256('0x01')), privateKeyToAddress(keccak256('0x02'))]
    const terms = { from, to, value: 2n ** 255n + 7n, validAfter: 1_700_000_000n, validBefore: 1_700_086_400n }
    const nonce = keccak256('0x03')
    const data = relayCalldata({ ...terms, nonce }, `0x${'ab'.repeat(64)}1b`, true)
    const relay = (id: string, kind: string, payer: string | null, call: string) =>
      sql`insert into relays (id, payee, chain_id, relayer, kind, token, payer, authorization_nonce, target, data, value, gas_limit, state)
          values (${id}, ${to}, 1, '0xrelayer', ${kind}, '0xtoken', ${payer}, ${kind === 'payment' ? nonce : null}, '0xtoken', ${call}, '0', '90000', 'mined')`
    await db.execute(relay('paid', 'payment', from, data))
    await db.execute(relay('out', 'withdrawal', null, '0x'))

    await migrate(db, { migrationsFolder })
    const rows = await db.execute<{ id: string; method: string | null; payload: unknown }>(
      sql`select id, method, payload from relays order by id`,
    )
    expect(rows.rows).toEqual([
      { id: 'out', method: null, payload: null },
      {
        id: 'paid',
        method: 'erc3009',
        payload: {
          from,
          to,
          value: String(terms.value),
          validAfter: String(terms.validAfter),
          validBefore: String(terms.validBefore),
          nonce,
        },
      },
    ])
  })

  it('0046 keeps each charge’s English reason as a code and its parameters', async () => {
    const db = drizzle(await PGlite.create({ extensions: pgliteExtensions }))
    await migrate(db, { migrationsFolder: migrationsThrough('0043_priced_plans') })
    const reasons = [
      "The payer's balance is too low for this charge.",
      'The chain would refuse the charge. (ERC20: transfer amount exceeds balance)',
      "The plan's amount is now above what the permission allows per period: pay this period by hand.",
      "The plan's price at this period's rate is above what the permission allows per period (the rate when it was granted, plus the plan's tolerance): pay this period by hand.",
      "The payee's relayer is off: no charge can be sent.",
      "The charge's transaction reverted.",
      'fetch failed',
      null,
    ]
    for (const [i, reason] of reasons.entries())
      await db.execute(
        sql`insert into subscription_charges (id, subscription_id, payee, period, period_start, request_id, amount, next_try_at, reason)
            values (${`c${i}`}, 's', '0xa', ${i}, now(), ${`r${i}`}, 1, now(), ${reason})`,
      )

    await migrate(db, { migrationsFolder })
    const rows = await db.execute<{ reason_code: string | null; reason_params: unknown }>(
      sql`select reason_code, reason_params from subscription_charges order by period`,
    )
    expect(rows.rows.map((r) => [r.reason_code, r.reason_params])).toEqual([
      ['balance_too_low', {}],
      ['would_revert', { details: 'ERC20: transfer amount exceeds balance' }],
      ['above_cap', {}],
      ['quote_above_cap', {}],
      ['relayer_unavailable', { details: "The payee's relayer is off: no charge can be sent." }],
      ['transaction_failed', { details: "The charge's transaction reverted." }],
      ['send_failed', { details: 'fetch failed' }],
      [null, null],
    ])
  })

  it("0051 keeps each move as its transaction's first burn, and takes a second burn of the same transaction", async () => {
    const db = drizzle(await PGlite.create({ extensions: pgliteExtensions }))
    await migrate(db, { migrationsFolder: migrationsThrough('0050_usdc_move_discovery') })
    const hash = `0x${'ab'.repeat(32)}`
    await db.execute(
      sql`insert into usdc_moves (id, payee, source_chain_id, destination_chain_id, amount, burn_tx_hash)
          values ('m1', '0xa', 84532, 421614, 2000000, ${hash})`,
    )

    await migrate(db, { migrationsFolder })
    await db.execute(
      sql`insert into usdc_moves (id, payee, source_chain_id, destination_chain_id, amount, burn_tx_hash, burn_index)
          values ('m2', '0xa', 84532, 421614, 3000000, ${hash}, 1)`,
    )
    const rows = await db.execute<{ id: string; burn_index: number; not_found_at: unknown }>(
      sql`select id, burn_index, not_found_at from usdc_moves order by id`,
    )
    expect(rows.rows).toEqual([
      { id: 'm1', burn_index: 0, not_found_at: null },
      { id: 'm2', burn_index: 1, not_found_at: null },
    ])
    const again = sql`insert into usdc_moves (id, payee, source_chain_id, destination_chain_id, amount, burn_tx_hash)
                      values ('m3', '0xa', 84532, 421614, 2000000, ${hash})`
    await expect(db.execute(again)).rejects.toThrow()
  })
})
