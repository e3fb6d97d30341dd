/** A limiter's answer: allowed, or refused with the seconds until it would be. */
export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** A token bucket per client: `limit` requests per minute, refilled smoothly, bursts up to `limit`. */
export function createRateLimiter({ perMinute, now = () => Date.now() }: { perMinute: number; now?: () => number }) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const refillPerMs = perMinute / 60_000
  let lastSweep = now()

  return {
    /** Takes `cost` tokens; when too few are left, takes none and says how many seconds until there are. */
    take(key: string, cost = 1): Verdict {
      if (perMinute <= 0) return { allowed: true }
      const t = now()
      if (t - lastSweep > 60_000) {
        // Full buckets carry no information: drop them so memory stays bounded by active clients.
        for (const [k, b] of buckets) if (b.tokens + (t - b.at) * refillPerMs >= perMinute) buckets.delete(k)
        lastSweep = t
      }
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: t }
      bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * refillPerMs)
      bucket.at = t
      buckets.set(key, bucket)
      if (bucket.tokens < cost)
        return { allowed: false, retryAfterSeconds: Math.ceil((cost - bucket.tokens) / refillPerMs / 1000) }
      bucket.tokens -= cost
      return { allowed: true }
    },
  }
}
