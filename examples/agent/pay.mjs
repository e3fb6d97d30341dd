// A script that pays for what it fetches: a Billfold payment request (or any x402 resource) with
// the x402 fetch client, signing an ERC-3009 authorization with PAYER_KEY; no gas needed. The
// client pays only the tokens it knows, up to $1, unless told: ALLOWED_ASSET (network:token, e.g.
// the dev chain's USDC) with MAX_UNITS (its cap per payment in base units).
//
//   PAYER_KEY=0x… ALLOWED_ASSET=eip155:31337:0xB111F01dB111F01dB111f01DB111F01dB111F01d MAX_UNITS=50000000 \
//   node examples/agent/pay.mjs http://127.0.0.1:3000/x402/payment-requests/<id>
import { x402Client } from '@x402/core/client'
import { registerExactEvmScheme } from '@x402/evm/exact/client'
import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch'
import { privateKeyToAccount } from 'viem/accounts'

const url = process.argv[2]
if (!url || !process.env.PAYER_KEY) throw new Error('Usage: PAYER_KEY=0x… node examples/agent/pay.mjs <url>')
const client = new x402Client()
registerExactEvmScheme(client, { signer: privateKeyToAccount(process.env.PAYER_KEY) })
const allowed = /^(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(process.env.ALLOWED_ASSET ?? '')
if (allowed)
  client.setSpendControls({
    allowedAssets: [{ network: allowed[1], asset: allowed[2], maxAmountPerPayment: process.env.MAX_UNITS }],
  })
const fetchWithPayment = wrapFetchWithPayment(fetch, client)

const response = await fetchWithPayment(url)
const header = response.headers.get('payment-response')
console.log(
  JSON.stringify({
    status: response.status,
    body: await response.json(),
    settlement: header ? decodePaymentResponseHeader(header) : null,
  }),
)
