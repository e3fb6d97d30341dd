import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; at: number; status: number }

/**
 * A merchant's webhook endpoint on loopback: records every POST, and answers with the statuses
 * queued in `answers` (then 200), or hangs (never answers) while `hang` is set.
 */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedWebhook[] = []
  const answers: number[] = []
  const state = { hang: false }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const status = answers.shift() ?? 200
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), status })
      if (state.hang) return
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'ok' : `failing on purpose with ${status}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    answers,
    state,
    /** The received events of a type, parsed. */
    events: (type?: string) =>
      received
        .map((r) => ({
          ...r,
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever JSON came back
          json: JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, any> },
        }))
        .filter((r) => !type || r.json.type === type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
