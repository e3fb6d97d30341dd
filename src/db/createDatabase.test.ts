import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { consumeNonce, issueNonce } from '../merchants/sessions/nonces.ts'
import { createSession, findSession, revokeSession } from '../merchants/sessions/sessions.ts'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { createDatabase, dumpMigratedPglite, type Database } from './createDatabase.ts'
import { resultRows } from './rawStatements.ts'
import { databaseLegs } from '../../testing/databaseLegs.ts'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const postgresUrl = inject('postgresUrl')
const legs = databaseLegs()

describe.each(legs)('the data layer on $name', ({ open, skip }) => {
  let database: Database
  beforeAll(async () => {
    if (!skip) database = await open()
  })
  afterAll(async () => database?.close())

  it.skipIf(skip)('runs the migrations and has the tables', async () => {
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    const rows = resultRows<{ table_name: string }>(result)
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['sessions', 'siwe_nonces']))
  })

  it.skipIf(skip)(
    'delivers every payload of one notify to a listener, and a notify of none sends nothing',
    async () => {
      const heard: string[] = []
      await database.listen('test_channel', (payload) => heard.push(payload))
      const payloads = Array.from({ length: 500 }, (_, i) => `request-${i}`)
      await database.notify('test_channel', [])
      await database.notify('test_channel', payloads)
      await expect.poll(() => heard.length).toBe(500)
      expect(heard).toEqual(payloads)
    },
  )

  it.skipIf(skip)('creates, finds and revokes a session by its token, storing only a hash', async () => {
    const { token } = await createSession(database.db, { address: ALICE, chainId: 31337, ttlMs: 60_000 })
    expect(await findSession(database.db, token)).toMatchObject({ address: ALICE, chainId: 31337 })
    const stored = await database.db.execute(sql`select token_hash from sessions`)
    expect(JSON.stringify(stored)).not.toContain(token)
    await revokeSession(database.db, token)
    expect(await findSession(database.db, token)).toBeNull()
  })

  it.skipIf(skip)('does not find an expired session', async () => {
    const { token } = await createSession(database.db, { address: ALICE, chainId: 31337, ttlMs: -1 })
    expect(await findSession(database.db, token)).toBeNull()
  })

  it.skipIf(skip)('lets exactly one of many concurrent sign-ins spend a nonce', async () => {
    const { nonce } = await issueNonce(database.db)
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeNonce(database.db, nonce)))
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it.skipIf(skip)('does not spend an expired nonce', async () => {
    const { nonce } = await issueNonce(database.db, -1)
    expect(await consumeNonce(database.db, nonce)).toBe(false)
  })
})

describe('PGlite with a data folder', () => {
  it('keeps sessions across a restart, and migrating again changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billfold-data-'))
    try {
      const first = await createDatabase({ dataDir: dir })
      const { token } = await createSession(first.db, { address: ALICE, chainId: 31337, ttlMs: 60_000 })
      await first.close()
      const second = await createDatabase({ dataDir: dir })
      expect(await findSession(second.db, token)).toMatchObject({ address: ALICE })
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('starts a new data folder from the build’s migrated template, memo search included, and keeps it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billfold-template-'))
    const templatePath = join(dir, 'template.tar.gz')
    try {
      writeFileSync(templatePath, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()))
      const first = await createDatabase({ dataDir: join(dir, 'data'), templatePath })
      const { token } = await createSession(first.db, { address: ALICE, chainId: 31337, ttlMs: 60_000 })
      const result = (await first.db.execute(
        sql`select similarity('invoice 42', 'invoice 43') > 0.5 as close`,
      )) as unknown as { rows: { close: boolean }[] }
      expect(result.rows).toEqual([{ close: true }])
      await first.close()
      rmSync(templatePath)
      const second = await createDatabase({ dataDir: join(dir, 'data'), templatePath })
      expect(await findSession(second.db, token)).toMatchObject({ address: ALICE })
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!postgresUrl)('PostgreSQL migrations from several servers at once', () => {
  it('run each migration once, the others waiting on the lock', async () => {
    const url = await createFreshDatabase(postgresUrl)
    const databases = await Promise.all([createDatabase({ url }), createDatabase({ url }), createDatabase({ url })])
    const result = await databases[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    const journal = JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[]
    }
    // Each migration recorded once, although three servers ran them together.
    expect((result as unknown as { n: number }[])[0]!.n).toBe(journal.entries.length)
    await Promise.all(databases.map((d) => d.close()))
  })
})
