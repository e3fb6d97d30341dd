import type { IncomingMessage, ServerResponse } from 'node:http'

const MAX_RPC_BODY_BYTES = 1024 * 1024

/**
 * Forwards the browser's JSON-RPC calls to a chain's RPC, so the page talks to its own origin only
 * and an RPC URL with a key in it never reaches the browser.
 */
export function createRpcProxy(upstream: string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return res.writeHead(405, { allow: 'POST' }).end()
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > MAX_RPC_BODY_BYTES) return res.writeHead(413).end()
      chunks.push(chunk as Buffer)
    }
    try {
      const response = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
      res.writeHead(response.status, { 'content-type': 'application/json' })
      res.end(Buffer.from(await response.arrayBuffer()))
    } catch {
      res.writeHead(502, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'The chain is not reachable.' } }))
    }
  }
}
