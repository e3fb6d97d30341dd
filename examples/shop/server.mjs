// A tiny shop that takes payment with Billfold: it makes a payment request with an API key, sends
// the buyer to Billfold's pay page, hears about the payment by webhook (verified with the
// standardwebhooks package) and marks the order paid; the buyer comes back by the request's
// redirectUrl. One file, Node's http module, orders in memory: an example, not a shop to run.
//
//   BILLFOLD_URL=http://127.0.0.1:3000 BILLFOLD_API_KEY=bfk_… BILLFOLD_WEBHOOK_SECRET=whsec_… \
//   SHOP_URL=https://shop.example PORT=4000 node examples/shop/server.mjs
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { Webhook } from 'standardwebhooks'

const env = (name, fallback) => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`Set ${name}.`)
  return value
}
const billfold = env('BILLFOLD_URL')
const apiKey = env('BILLFOLD_API_KEY')
const webhooks = new Webhook(env('BILLFOLD_WEBHOOK_SECRET'))
const port = Number(env('PORT', '4000'))
const product = {
  name: 'Billfold T-shirt',
  chainId: Number(env('CHAIN_ID', '31337')),
  asset: env('ASSET'),
  amount: env('PRICE', '25'),
  symbol: env('SYMBOL', 'USDC'),
}

/** @type {Map<string, { id: string, status: 'awaiting payment' | 'paid', requestId?: string }>} */
const orders = new Map()

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:system-ui;max-width:32rem;margin:3rem auto">${body}</body></html>`
const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])
const readBody = async (req) => {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://shop')
  const shopUrl = process.env.SHOP_URL ?? `http://${req.headers.host}`
  try {
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(
        page(
          product.name,
          `<h1>${product.name}</h1><p>${product.amount} ${product.symbol}</p><form method="post" action="/buy"><button>Buy with crypto</button></form>`,
        ),
      )
    }
    if (req.method === 'POST' && url.pathname === '/buy') {
      const order = { id: randomUUID().slice(0, 8), status: 'awaiting payment' }
      orders.set(order.id, order)
      // The order id as Idempotency-Key: a retry after a timeout cannot make a second request.
      const response = await fetch(`${billfold}/api/v1/payment-requests`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': `order-${order.id}`,
        },
        body: JSON.stringify({
          chainId: product.chainId,
          asset: product.asset,
          amount: product.amount,
          memo: `${product.name}, order ${order.id}`,
          dueAt: new Date(Date.now() + 3600_000).toISOString(),
          redirectUrl: `${shopUrl}/orders/${order.id}`,
          metadata: { orderId: order.id },
        }),
      })
      const made = await response.json()
      if (!response.ok) throw new Error(`Billfold refused the request: ${made.error?.code} ${made.error?.message}`)
      order.requestId = made.id
      res.writeHead(303, { location: made.payUrl })
      return res.end()
    }
    if (req.method === 'POST' && url.pathname === '/webhooks') {
      const body = await readBody(req)
      let event
      try {
        // Checks the signature and that the timestamp is recent (a replayed old event is refused).
        event = webhooks.verify(body, req.headers)
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' })
        return res.end('bad signature')
      }
      const orderId = event.data?.request?.metadata?.orderId
      const order = orders.get(orderId)
      if (order && event.type === 'payment_request.paid') order.status = 'paid'
      res.writeHead(200, { 'content-type': 'text/plain' })
      return res.end('ok')
    }
    const match = /^\/orders\/([\w-]+)$/.exec(url.pathname)
    if (req.method === 'GET' && match) {
      const order = orders.get(match[1])
      if (!order) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
        return res.end(page('No such order', '<h1>No such order</h1>'))
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      // Until the webhook arrives, the page looks again every two seconds.
      const refresh = order.status === 'paid' ? '' : '<meta http-equiv="refresh" content="2">'
      return res.end(
        page(
          `Order ${order.id}`,
          `${refresh}<h1>Order ${escape(order.id)}</h1><p data-order-status="${order.status}">Status: ${order.status}</p>`,
        ),
      )
    }
    res.writeHead(404).end()
  } catch (error) {
    console.error(error)
    res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error.message))
  }
}).listen(port, '127.0.0.1', () => console.log(`shop listening on http://127.0.0.1:${port}`))
