import { createRateLimiter, type Verdict } from './rateLimiter.ts'

/** A limit per client key: `take` answers whether one more (of `cost`) is allowed now. */
export type RateLimiter = { take(key: string, cost?: number): Promise<Verdict> }

/** Makes the named limiters of a deployment: `graphql`, `rest`, `rpc:<chainId>`, `nonces`. */
export type RateLimiters = (name: string, perMinute: number) => RateLimiter

/**
 * Takes up to `want` tokens from the deployment's shared bucket `bucket` (refilled at `perSecond`,
 * holding at most `capacity`), atomically across servers; answers how many it got and how many the
 * bucket still holds.
 */
export type ClaimTokens = (
  bucket: string,
  want: number,
  policy: { capacity: number; perSecond: number },
) => Promise<{ granted: number; available: number }>

/** One process: each limiter is a token bucket in memory (PGlite, a single server). */
export const localRateLimiters = (): RateLimiters => (_name, perMinute) => {
  const limiter = createRateLimiter({ perMinute })
  return { take: async (key, cost = 1) => limiter.take(key, cost) }
}

/** How long a server may keep tokens it claimed but did not use: a client that stopped leaves none behind for long. */
const ALLOWANCE_TTL_MS = 5_000

/**
 * One limit for the whole deployment, however many servers: the bucket lives in the database and
 * each server claims a small allowance from it (a twentieth of the limit at a time), so most
 * requests are decided in memory and none of the deployment's servers can together exceed the limit
 * (tokens a server holds unused only wait there, for at most a few seconds). Concurrent requests of
 * one key on one server share a single claim.
 */
export function sharedRateLimiters(claim: ClaimTokens, now: () => number = Date.now): RateLimiters {
  return (name, perMinute) => {
    const chunk = Math.max(1, Math.ceil(perMinute / 20))
    const policy = { capacity: perMinute, perSecond: perMinute / 60 }
    const allowances = new Map<string, { tokens: number; until: number }>()
    const claiming = new Map<string, Promise<number>>()
    // After the bucket came back empty, refusals are answered here until a chunk has refilled: a
    // client hammering past its limit costs the database nothing more.
    const emptyUntil = new Map<string, number>()
    const refillMs = (chunk / policy.perSecond) * 1000
    let lastSweep = now()

    const held = (key: string) => {
      const allowance = allowances.get(key)
      if (!allowance || allowance.until < now()) return 0
      return allowance.tokens
    }
    const refill = async (key: string, want: number): Promise<number> => {
      let pending = claiming.get(key)
      if (!pending) {
        pending = claim(`${name}:${key}`, want, policy)
          .then(({ granted, available }) => {
            allowances.set(key, { tokens: held(key) + granted, until: now() + ALLOWANCE_TTL_MS })
            return available
          })
          .finally(() => claiming.delete(key))
        claiming.set(key, pending)
      }
      return pending
    }

    return {
      async take(key, cost = 1) {
        if (perMinute <= 0) return { allowed: true }
        if (now() - lastSweep > 60_000) {
          for (const [k, a] of allowances) if (a.until < now()) allowances.delete(k)
          for (const [k, until] of emptyUntil) if (until < now()) emptyUntil.delete(k)
          lastSweep = now()
        }
        const waitMs = (emptyUntil.get(key) ?? 0) - now()
        if (held(key) < cost && waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) }
        if (held(key) < cost) {
          const available = await refill(key, Math.max(chunk, cost - held(key)))
          // Another request may have used the tokens this claim brought: ask once more, then refuse.
          if (held(key) < cost && available >= cost) await refill(key, Math.max(chunk, cost - held(key)))
        }
        const tokens = held(key)
        if (tokens < cost) {
          emptyUntil.set(key, now() + refillMs)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - tokens) / policy.perSecond)) }
        }
        allowances.get(key)!.tokens = tokens - cost
        return { allowed: true }
      },
    }
  }
}
