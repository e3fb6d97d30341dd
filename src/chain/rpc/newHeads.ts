import { webSocket, type Chain } from 'viem'
import type { Logger } from '../../domain/logger.ts'
import { newHeadShape, shapeWords, type RpcNewHead } from './rpcShapes.ts'

/** The first wait before opening a dropped socket again; it doubles up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 500
const MAX_BACKOFF_MS = 30_000

export type NewHeads = {
  /** Whether the subscription is live now (while it is not, the watcher polls). */
  live(): boolean
  stop(): void
}

/** An error's first line; a socket's error or close event by its type. */
const firstLine = (error: unknown) =>
  error instanceof Error
    ? error.message.split('\n')[0]!
    : typeof error === 'object' && error !== null && 'type' in error
      ? `socket ${String(error.type)}`
      : String(error)

/**
 * An `eth_subscribe` `newHeads` subscription on a WebSocket endpoint, kept open: a socket that
 * drops or will not open is opened again after a wait that doubles (up to 30 s) while it fails.
 * Each notification is read through its shape; an odd one is left out (the next poll or head
 * covers it) and named once in the log.
 */
export function subscribeNewHeads({
  chain,
  url,
  onHead,
  onLive,
  logger,
}: {
  chain: Chain
  url: string
  onHead(head: RpcNewHead, at: number): void
  /** Told when the subscription goes live or drops. */
  onLive?(live: boolean): void
  logger: Logger
}): NewHeads {
  let stopped = false
  let live = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let close: (() => void) | undefined
  let lastOdd: string | undefined
  // Each socket's drop is handled once (its error and its close both report it).
  let generation = 0

  const setLive = (value: boolean) => {
    if (live === value) return
    live = value
    onLive?.(value)
  }
  const drop = (socket: number, why: string) => {
    if (socket !== generation) return
    generation++
    close?.()
    close = undefined
    if (stopped) return
    if (live || failures === 0)
      logger.warn(`[watcher] chain ${chain.id}: head subscription lost (${why}); polling meanwhile`)
    setLive(false)
    failures++
    const wait = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1))
    timer = setTimeout(open, wait)
    timer.unref?.()
  }
  const open = async () => {
    timer = undefined
    if (stopped) return
    const socket = ++generation
    // A socket of this subscription's own: viem shares sockets by key, and this one is closed on a drop.
    const transport = webSocket(url, {
      key: `newHeads-${chain.id}-${Math.random()}`,
      reconnect: false,
      retryCount: 0,
      // A ping a minute (providers bill them); a socket silent in between is caught by the watcher's overdue poll.
      keepAlive: { interval: 60_000 },
    })({ chain, retryCount: 0 })
    let closed = false
    close = () => {
      if (closed) return
      closed = true
      transport.value
        ?.getRpcClient()
        .then((client) => client.close())
        .catch(() => {})
    }
    try {
      await transport.value!.subscribe({
        params: ['newHeads'],
        onData: (data: { result?: unknown }) => {
          const at = Date.now()
          const parsed = newHeadShape.safeParse(data?.result)
          if (!parsed.success) {
            const words = `an odd newHeads notification left out: ${shapeWords(parsed.error)}`
            if (words !== lastOdd) logger.warn(`[watcher] chain ${chain.id}: ${words}`)
            lastOdd = words
            return
          }
          onHead(parsed.data, at)
        },
        onError: (error: unknown) => drop(socket, firstLine(error)),
      })
      if (stopped) return close()
      if (socket !== generation) return
      failures = 0
      setLive(true)
    } catch (error) {
      drop(socket, firstLine(error))
    }
  }
  void open()
  return {
    live: () => live,
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      setLive(false)
      close?.()
    },
  }
}
