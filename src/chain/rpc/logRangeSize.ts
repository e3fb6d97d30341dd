import type { LogRangeRefusal } from './providerErrors.ts'

/** How many blocks one `eth_getLogs` asks for, learnt from the provider's refusals. */
export type LogRangeSize = {
  readonly blocks: number
  /** The smaller size to ask next after `[from, to]` was refused; undefined when one block was refused (nothing left to split). */
  refused(from: bigint, to: bigint, refusal: LogRangeRefusal): number | undefined
  succeeded(): void
}

/** Successes in a row before the range is allowed to grow again. */
const GROW_AFTER = 4

/**
 * Starts at `initial` blocks. A refusal shrinks it to the range the provider suggests, to the cap it
 * names (kept as a ceiling from then on), or by half; it never asks the refused range again. After a
 * few successes it doubles again, up to `initial` or the named cap: a range refused for its result
 * count on a busy stretch of chain is fine again on a quiet one.
 */
export function createLogRangeSize(initial: number): LogRangeSize {
  let blocks = initial
  let ceiling = initial
  let streak = 0
  return {
    get blocks() {
      return blocks
    },
    refused(from, to, refusal) {
      streak = 0
      const asked = Number(to - from + 1n)
      if (asked <= 1) return undefined
      let next = Math.floor(asked / 2)
      if (refusal.suggestedTo !== undefined && refusal.suggestedTo >= from && refusal.suggestedTo < to)
        next = Number(refusal.suggestedTo - from + 1n)
      else if (refusal.maxBlocks !== undefined && refusal.maxBlocks >= 1) {
        ceiling = Math.min(ceiling, refusal.maxBlocks)
        if (refusal.maxBlocks < asked) next = refusal.maxBlocks
      }
      blocks = Math.max(1, Math.min(next, asked - 1))
      return blocks
    },
    succeeded() {
      if (++streak < GROW_AFTER || blocks >= ceiling) return
      streak = 0
      blocks = Math.min(ceiling, blocks * 2)
    },
  }
}
