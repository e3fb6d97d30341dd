import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Listening = {
  server: Server
  /** The listening URL. */
  url: string
  /** The origin people reach the app at (`PUBLIC_URL`), the listening URL unless told. */
  publicUrl: URL
  /** Starts answering with the app's routes. */
  serve(handle: (req: IncomingMessage, res: ServerResponse) => void): void
}

/**
 * Listens at once. Until the routes exist (they need the URL that listening gives), a request is told
 * to come back: left unanswered it would hang, e.g. a load balancer's probe during a start.
 */
export async function listen({
  host,
  port,
  publicUrl,
}: {
  host: string
  port: number
  publicUrl: string | undefined
}): Promise<Listening> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server = createServer((req, res) => {
    if (handler) return handler(req, res)
    res
      .writeHead(503, { 'retry-after': '1', connection: 'close', 'content-type': 'text/plain' })
      .end('Starting; try again in a moment.\n')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const { port: bound } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`
  return {
    server,
    url,
    publicUrl: new URL(publicUrl ?? url),
    serve: (handle) => {
      handler = handle
    },
  }
}
