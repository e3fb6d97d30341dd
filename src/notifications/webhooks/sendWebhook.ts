import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { publicAddressesOf, WebhookTargetError } from './webhookTarget.ts'

export type WebhookAttempt = {
  statusCode: number | null
  durationMs: number
  responseExcerpt: string | null
  error: string | null
  ok: boolean
}

const EXCERPT_BYTES = 1024

export type WebhookSend = {
  url: string
  secret: string
  eventId: string
  body: string
  timeoutMs: number
  webhooksAllowPrivate: boolean
  userAgent: string
}

/**
 * POSTs one signed event (Standard Webhooks headers) and reports what happened. The host is resolved
 * here and the connection made to the address checked (no second lookup to rebind); redirects are
 * not followed; the whole attempt is cut at `timeoutMs`.
 */
export async function sendWebhook(webhook: WebhookSend): Promise<WebhookAttempt> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const url = new URL(webhook.url)
  let addresses: { address: string; family: number }[]
  try {
    addresses = await publicAddressesOf(url.hostname, { webhooksAllowPrivate: webhook.webhooksAllowPrivate })
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      responseExcerpt: null,
      error: error instanceof WebhookTargetError ? error.shortMessage : String(error),
    }
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const chosen = addresses[0]!
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses)
    else callback(null, chosen.address, chosen.family)
  }
  const timestamp = new Date()
  const headers = {
    'content-type': 'application/json',
    'user-agent': webhook.userAgent,
    'webhook-id': webhook.eventId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(webhook.secret).sign(webhook.eventId, timestamp, webhook.body),
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  try {
    const response = await new Promise<{ statusCode: number; excerpt: string }>((resolve, reject) => {
      const req = send(
        url,
        { method: 'POST', headers, lookup: pinned, signal: AbortSignal.timeout(webhook.timeoutMs) },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = []
          let size = 0
          res.on('data', (chunk: Buffer) => {
            if (size < EXCERPT_BYTES) chunks.push(chunk)
            size += chunk.length
          })
          res.on('end', () =>
            resolve({
              statusCode: res.statusCode ?? 0,
              excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(webhook.body)
    })
    const ok = response.statusCode >= 200 && response.statusCode < 300
    return {
      ok,
      statusCode: response.statusCode,
      durationMs: elapsed(),
      responseExcerpt: response.excerpt || null,
      error: ok ? null : `answered ${response.statusCode}`,
    }
  } catch (error) {
    const timedOut =
      (error as { name?: string }).name === 'TimeoutError' || (error as { name?: string }).name === 'AbortError'
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      responseExcerpt: null,
      error: timedOut ? `no answer within ${webhook.timeoutMs / 1000} s` : (error as Error).message,
    }
  }
}
