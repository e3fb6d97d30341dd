import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { queryStatuses } from '../api/testing/graphqlClient.ts'
import { claimTokens } from '../db/rateLimitBuckets.ts'
import { sharedRateLimiters } from '../http/sharedRateLimiter.ts'

const postgresUrl = inject('postgresUrl')
const LIMIT = 60

describe.skipIf(!postgresUrl)('limits shared by three servers on one PostgreSQL', () => {
  const servers: TestApp[] = []
  beforeAll(async () => {
    const databaseUrl = await createFreshDatabase(postgresUrl)
    for (let i = 0; i < 3; i++)
      servers.push(
        await startTestApp({ anvilUrl: inject('anvilUrl'), databaseUrl, watch: false, rateLimitPerMinute: LIMIT }),
      )
  })
  afterAll(async () => Promise.all(servers.map((s) => s.close())))

  it('lets a client sending 200 GraphQL requests round-robin through three servers have the limit once, not three times', async () => {
    const started = Date.now()
    const statuses = await queryStatuses((i) => servers[i % 3]!.url, 200)
    const allowed = statuses.filter((s) => s === 200).length
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * LIMIT)
    // The limit, what refilled while the test ran, and at most the allowance each server may hold unused.
    expect(allowed).toBeGreaterThanOrEqual(LIMIT)
    expect(allowed).toBeLessThanOrEqual(LIMIT + refilled + 3 * Math.ceil(LIMIT / 20))
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true)
    // Each server refused some: the limit is the deployment's, not each server's.
    for (let k = 0; k < 3; k++) expect(statuses.filter((s, i) => i % 3 === k && s === 429).length).toBeGreaterThan(0)
  })

  it('answers a client hammering past its limit without asking the database each time', async () => {
    const { db } = servers[0]!.database
    let claims = 0
    const limiters = sharedRateLimiters((bucket, want, policy) => (claims++, claimTokens(db, bucket, want, policy)))
    const limiter = limiters('hammer', LIMIT)
    const verdicts = []
    for (let i = 0; i < 1000; i++) verdicts.push(await limiter.take('6.6.6.6'))
    expect(verdicts.filter((v) => v.allowed).length).toBeGreaterThanOrEqual(LIMIT)
    expect(verdicts.filter((v) => v.allowed).length).toBeLessThanOrEqual(LIMIT + 3)
    // A claim per allowance of 3, and a few for the refusals: not one per request.
    expect(claims).toBeLessThanOrEqual(LIMIT / 3 + 5)
  })
})
