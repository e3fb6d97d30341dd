/** Headers kept to estimate the block interval from. */
const KEPT = 12
/** Polls a twentieth of a block time apart once a block is overdue, before backing off. */
const FINE_POLLS = 10

export type HeadArrival = {
  /**
   * Notes the newest head and when it was first seen (ms since the epoch); `exact` when it was
   * pushed to us (a subscription) rather than found by a poll.
   */
  seen(head: { number: bigint; timestamp: bigint }, at: number, exact?: boolean): void
  /** Notes a poll that found no new head. */
  missed(at: number): void
  /**
   * How long to wait from `now` before asking for the next head: until just after it is due on a
   * chain with a steady block time, then a twentieth of a block time (at most `fallbackMs`) for half
   * a block time, then `fallbackMs` until a block time late, then longer the later it is; on a chain
   * without one (a dev chain mining on demand), `fallbackMs`.
   */
  nextPollIn(now: number, fallbackMs: number): number
  /** The chain's block time, when its blocks come at a steady pace. */
  intervalMs(): number | undefined
}

/**
 * When the next block should be there. The block time is the commonest gap between the recent
 * headers' timestamps (a missed slot does not unsettle it); how late after its timestamp a block
 * reaches us (the chain's and the provider's delay) is learnt from the polls: a poll that finds the
 * block aims the next earlier (more so after several), one that finds nothing moves the estimate past it.
 */
export function createHeadArrival(): HeadArrival {
  const heads: { number: bigint; timestamp: bigint }[] = []
  let late: number | undefined
  let misses = 0
  /** Blocks in a row found at the first ask. */
  let hits = 0
  let lastMissAt: number | undefined
  /** Whether the last block found after an empty ask came within a fine step of it: its arrival is then known closely. */
  let bracketed = false

  const intervalMs = () => {
    const gaps = new Map<bigint, number>()
    let count = 0
    for (let i = 1; i < heads.length; i++) {
      const blocks = heads[i]!.number - heads[i - 1]!.number
      if (blocks <= 0n) continue
      const gap = (heads[i]!.timestamp - heads[i - 1]!.timestamp) * 1000n
      if (gap % blocks !== 0n) continue
      const perBlock = gap / blocks
      gaps.set(perBlock, (gaps.get(perBlock) ?? 0) + 1)
      count++
    }
    if (count < 3) return undefined
    const [gap, times] = [...gaps].sort((a, b) => b[1] - a[1])[0]!
    return gap > 0n && times * 4 >= count * 3 ? Number(gap) : undefined
  }
  const margin = (interval: number) => Math.min(50, Math.max(5, interval / 40))

  return {
    seen(head, at, exact = false) {
      const last = heads.at(-1)
      if (last && head.number <= last.number) {
        if (head.number < last.number) {
          heads.length = 0 // a shorter chain: a reorg, or a dev chain started afresh
          bracketed = false
        } else return
      }
      heads.push({ number: head.number, timestamp: head.timestamp })
      if (heads.length > KEPT) heads.shift()
      const observed = at - Number(head.timestamp) * 1000
      const interval = intervalMs()
      if (exact || late === undefined || interval === undefined) late = observed
      else if (misses > 0 && lastMissAt !== undefined) {
        // It came between the last empty poll and this one: closely known when they were a fine step apart.
        late = (observed + lastMissAt - Number(head.timestamp) * 1000) / 2
        bracketed = at - lastMissAt <= interval / 10
      } else {
        // Found at the first ask: aim earlier, faster with each such block in a row while no block
        // has yet been found between two asks (the first estimate, from polls at a fixed interval,
        // may be late by a whole interval); once one has, only a little, to follow a drift.
        const creep = bracketed ? 1 : 2 ** Math.min(hits, 6)
        late = Math.min(observed, late - (margin(interval) / 10) * creep)
        hits++
      }
      if (misses > 0) hits = 0
      misses = 0
      lastMissAt = undefined
    },
    missed(at) {
      misses++
      lastMissAt = at
    },
    nextPollIn(now, fallbackMs) {
      const interval = intervalMs()
      const last = heads.at(-1)
      if (interval === undefined || last === undefined || late === undefined) return fallbackMs
      const due = Number(last.timestamp) * 1000 + interval + late + margin(interval)
      if (misses === 0 && due > now) return Math.min(due - now, interval * 2)
      // Overdue: ask again at a fine step (never coarser than the chain's polling interval) for half
      // a block time; then at the polling interval until a whole block time late (a block a busy node
      // or provider delayed: waiting longer would make it later than plain polling finds it); then back
      // off with how late it is while it does not come (a skipped slot, a chain that stalls).
      const step = Math.max(10, Math.min(interval / 20, fallbackMs))
      if (misses <= FINE_POLLS) return step
      const overdue = now - due
      if (overdue < interval) return Math.max(step, Math.min(fallbackMs, interval - overdue))
      return Math.max(step, Math.min(overdue / 2, Math.max(fallbackMs, interval)))
    },
    intervalMs,
  }
}
