import type { IncomingMessage } from 'node:http'

/**
 * The whole body, or 'too-large' as soon as it passes `maxBytes` (the rest is never buffered).
 * A client hanging up mid-body rejects, which guardRoute answers by closing the socket.
 */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return 'too-large'
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBytes) return 'too-large'
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}
