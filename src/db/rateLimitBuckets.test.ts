import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { createDatabase, type Database } from './createDatabase.ts'
import { claimTokens, purgeIdleBuckets } from './rateLimitBuckets.ts'

const postgresUrl = inject('postgresUrl')
const policy = { capacity: 60, perSecond: 1 }

describe.skipIf(!postgresUrl)('shared rate-limit buckets on PostgreSQL', () => {
  let database: Database
  beforeAll(async () => {
    database = await createDatabase({ url: await createFreshDatabase(postgresUrl) })
  })
  afterAll(async () => database?.close())

  it('starts full, grants whole tokens until it is empty, and says how many are left', async () => {
    const claims = []
    for (let i = 0; i < 7; i++) claims.push(await claimTokens(database.db, 'graphql:1.2.3.4', 10, policy))
    expect(claims.slice(0, 5).map((c) => c.granted)).toEqual([10, 10, 10, 10, 10])
    // About a second has passed at most: what refilled meanwhile is granted, never more than the bucket held.
    expect(claims.reduce((sum, c) => sum + c.granted, 0)).toBeLessThanOrEqual(62)
    expect(claims.at(-1)!.granted).toBeLessThanOrEqual(2)
    expect((await claimTokens(database.db, 'graphql:5.6.7.8', 10, policy)).granted).toBe(10)
  })

  it('never grants more than the bucket holds to claims made at once from many connections', async () => {
    const claims = await Promise.all(
      Array.from({ length: 30 }, () => claimTokens(database.db, 'rest:apikey:k1', 5, policy)),
    )
    const granted = claims.reduce((sum, c) => sum + c.granted, 0)
    expect(granted).toBeGreaterThanOrEqual(60)
    expect(granted).toBeLessThanOrEqual(62)
  })

  it('forgets buckets nobody used for a while (they are full again)', async () => {
    await claimTokens(database.db, 'nonces:9.9.9.9', 1, policy)
    expect(await purgeIdleBuckets(database.db, 60 * 60_000)).toBe(0)
    expect(await purgeIdleBuckets(database.db, 0)).toBeGreaterThan(0)
  })
})
