// An API whose route costs 0.01 USDC, paid with x402: the x402 Hono middleware asks for payment
// and Billfold, with one of your API keys (scope x402:settle), verifies and settles it as your
// facilitator. Each paid call shows on your Billfold dashboard as a paid request.
//
//   BILLFOLD_URL=http://127.0.0.1:3000 BILLFOLD_API_KEY=bfk_… PAY_TO=0xYourAddress \
//   ASSET=0xB111F01dB111F01dB111f01DB111F01dB111F01d node examples/paid-api/server.mjs
import { serve } from '@hono/node-server'
import { HTTPFacilitatorClient } from '@x402/core/http'
import { ExactEvmScheme } from '@x402/evm/exact/server'
import { paymentMiddleware, x402ResourceServer } from '@x402/hono'
import { Hono } from 'hono'

const env = (name, fallback) => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`Set ${name}.`)
  return value
}
const billfold = env('BILLFOLD_URL', 'http://127.0.0.1:3000')
const apiKey = env('BILLFOLD_API_KEY')
const network = env('NETWORK', 'eip155:31337')
// A micro-payment: answered as soon as the relay is sent (0 confirmations); set more for dearer routes.
const confirmations = Number(env('CONFIRMATIONS', '0'))

const facilitator = new HTTPFacilitatorClient({
  url: `${billfold}/x402/facilitator`,
  createAuthHeaders: async () => {
    const headers = { Authorization: `Bearer ${apiKey}` }
    return { verify: headers, settle: headers, supported: headers }
  },
})
const server = new x402ResourceServer(facilitator).register(network, new ExactEvmScheme())

const app = new Hono()
app.use(
  paymentMiddleware(
    {
      'GET /weather': {
        accepts: {
          scheme: 'exact',
          network,
          payTo: env('PAY_TO'),
          price: {
            asset: env('ASSET'),
            amount: env('PRICE', '10000'),
            extra: { name: env('TOKEN_NAME', 'USD Coin'), version: env('TOKEN_VERSION', '2'), confirmations },
          },
        },
        description: 'Today’s weather',
        mimeType: 'application/json',
      },
    },
    server,
  ),
)
app.get('/weather', (c) => c.json({ forecast: 'sunny', temperatureC: 21 }))

serve({ fetch: app.fetch, port: Number(env('PORT', '4021')), hostname: '127.0.0.1' }, (info) =>
  console.log(`paid-api http://127.0.0.1:${info.port}/weather`),
)
