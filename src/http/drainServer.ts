import type { Server, ServerResponse } from 'node:http'

export const isEventStream = (res: ServerResponse) =>
  String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')

export type DrainOptions = {
  server: Server
  active: ReadonlySet<ServerResponse>
  stopWork: () => Promise<unknown>
  timeoutMs: number
}

/**
 * A graceful stop (SIGTERM): no new connections, live-status streams told to reconnect (to a server
 * that is up), the background work (`stopWork`: watchers, webhook deliveries) finished, answers in
 * progress given until the deadline; then every connection closed.
 */
export async function drainServer(options: DrainOptions) {
  const closed = new Promise<void>((resolve) => options.server.close(() => resolve()))
  options.server.closeIdleConnections()
  for (const res of options.active) {
    if (!isEventStream(res)) continue
    res.on('error', () => {})
    // EventSource reconnects by itself; the retry hint makes it do so at once.
    res.end('retry: 500\n\n')
  }
  const deadline = Date.now() + options.timeoutMs
  const settled = async () => {
    while (options.active.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // A watcher pass in progress is finished and written (one transaction per batch), never cut; one
  // stuck waiting on a failing RPC has nothing to write and is not waited for past the deadline.
  await Promise.all([
    Promise.race([
      options.stopWork(),
      new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
    ]),
    settled(),
  ])
  options.server.closeAllConnections()
  await closed
}
