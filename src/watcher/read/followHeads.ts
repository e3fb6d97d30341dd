import type { Chain } from 'viem'
import type { Clock } from '../../domain/clock.ts'
import type { Logger } from '../../domain/logger.ts'
import { subscribeNewHeads, type NewHeads } from '../../chain/rpc/newHeads.ts'
import type { RpcNewHead } from '../../chain/rpc/rpcShapes.ts'

export type PushedHead = RpcNewHead & { at: number }

export type HeadFollower = {
  /** The newest head the subscription pushed since the last call, with when it came. */
  takePushed(): PushedHead | undefined
  /** Whether heads are pushed now (a live subscription). */
  live(): boolean
  /** Waits `ms`, or less: until a head is pushed (at once when one is waiting) or `signal` aborts. */
  wait(ms: number, signal: AbortSignal, clock: Clock): Promise<void>
  stop(): void
}

/**
 * A chain's new heads as they come: pushed by a WebSocket `newHeads` subscription where the chain
 * has a `ws://`/`wss://` URL, otherwise (and while the socket is down) found by the watcher's polls.
 */
export function followHeads({
  chain,
  wsUrl,
  logger,
}: {
  chain: Chain
  wsUrl: string | undefined
  logger: Logger
}): HeadFollower {
  let pushed: PushedHead | undefined
  let wake: (() => void) | undefined
  const subscription: NewHeads | undefined = wsUrl
    ? subscribeNewHeads({
        chain,
        url: wsUrl,
        logger,
        onHead: (head, at) => {
          pushed = { ...head, at }
          wake?.()
        },
        onLive: (live) => {
          if (live) logger.info(`[watcher] chain ${chain.id}: following new heads over ${new URL(wsUrl).host}`)
          // Dropped: the watcher polls again at once rather than waiting for a head that will not be pushed.
          else wake?.()
        },
      })
    : undefined
  return {
    takePushed() {
      const head = pushed
      pushed = undefined
      return head
    },
    live: () => subscription?.live() ?? false,
    async wait(ms, signal, clock) {
      if (pushed || ms <= 0) return
      const waking = new AbortController()
      const abort = () => waking.abort()
      signal.addEventListener('abort', abort, { once: true })
      wake = abort
      try {
        await clock.sleep(ms, waking.signal)
      } finally {
        wake = undefined
        signal.removeEventListener('abort', abort)
      }
    },
    stop: () => subscription?.stop(),
  }
}
