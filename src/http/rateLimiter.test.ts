import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rateLimiter.ts'

describe('createRateLimiter', () => {
  it('allows a burst of the limit, then refuses with the wait, then refills', () => {
    let t = 0
    const limiter = createRateLimiter({ perMinute: 60, now: () => t })
    for (let i = 0; i < 60; i++) expect(limiter.take('1.2.3.4').allowed).toBe(true)
    expect(limiter.take('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(limiter.take('5.6.7.8').allowed).toBe(true)
    t += 1000
    expect(limiter.take('1.2.3.4').allowed).toBe(true)
    expect(limiter.take('1.2.3.4').allowed).toBe(false)
  })

  it('is off when the limit is 0', () => {
    const limiter = createRateLimiter({ perMinute: 0 })
    for (let i = 0; i < 10_000; i++) expect(limiter.take('x').allowed).toBe(true)
  })
})
