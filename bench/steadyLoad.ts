import { Agent, request } from 'node:http'
import { percentile } from './stats.ts'

/**
 * An open-loop load at a constant arrival rate: one request every 1/rate seconds whatever the
 * answers, each timed from when it was due to be sent (so a late generator or a queue at the
 * server counts against the server, not hidden: no coordinated omission). autocannon's
 * `overallRate` sends each second's quota as fast as it can and then waits, which measures bursts.
 */
export async function steadyLoad(p: {
  url: string
  method: string
  headers: Record<string, string>
  /** Headers of the i-th request on top of `headers` (an Idempotency-Key of its own, say). */
  headersOf?: (i: number) => Record<string, string>
  body: string
  rate: number
  durationMs: number
}): Promise<{ perSecond: number; p50: number; p99: number; errors: number; non2xx: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 128 })
  const target = new URL(p.url)
  const interval = 1000 / p.rate
  const latencies: number[] = []
  let errors = 0
  let non2xx = 0
  let lastDone = 0
  const inFlight = new Set<Promise<void>>()
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        target,
        {
          method: p.method,
          headers: { ...p.headers, ...p.headersOf?.(i), 'content-length': Buffer.byteLength(p.body) },
          agent,
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            lastDone = performance.now()
            if (res.statusCode! >= 200 && res.statusCode! < 300) latencies.push(lastDone - due)
            else non2xx++
            resolve()
          })
        },
      )
      req.on('error', () => {
        errors++
        resolve()
      })
      req.end(p.body)
    })
  const start = performance.now()
  let sent = 0
  while (sent * interval < p.durationMs) {
    const due = start + sent * interval
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    // Every request that fell due while waiting goes now, each keeping its own due time.
    while (sent * interval < p.durationMs && start + sent * interval <= performance.now()) {
      const job = send(sent, start + sent * interval)
      inFlight.add(job)
      void job.then(() => inFlight.delete(job))
      sent++
    }
  }
  await Promise.all(inFlight)
  agent.destroy()
  return {
    perSecond: latencies.length / ((lastDone - start) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    non2xx,
  }
}
