import type { Database } from '../db/createDatabase.ts'
import { claimTokens } from '../db/rateLimitBuckets.ts'
import { localRateLimiters, sharedRateLimiters, type RateLimiters } from '../http/sharedRateLimiter.ts'

/**
 * The deployment's rate limits: shared by every server through PostgreSQL (one limit however many
 * servers run), in memory with PGlite (one server). Decided once the database is open; the relays,
 * made before, wait for it on their first request.
 */
export function deploymentRateLimiters(database: Promise<Database>): RateLimiters {
  const chosen = database.then((opened) =>
    opened.kind === 'postgresql'
      ? sharedRateLimiters((bucket, want, policy) => claimTokens(opened.db, bucket, want, policy))
      : localRateLimiters(),
  )
  return (name, perMinute) => {
    const limiter = chosen.then((make) => make(name, perMinute))
    return { take: async (key, cost) => (await limiter).take(key, cost) }
  }
}
