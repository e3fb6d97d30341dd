import { wrapFetchWithPayment } from '@x402/fetch'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { signIn } from '../src/api/testing/graphqlClient.ts'
import { createApiKey } from '../src/api/testing/merchantClient.ts'
import { runExample, x402ClientFor } from '../src/api/x402/testing/x402Setup.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { payerWithoutGas, turnOnRelayer } from '../src/relayer/testing/gasless.ts'
import { freePort } from '../testing/freePort.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { median, ms } from './stats.ts'

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!

/**
 * Paid calls to the paid-API example (x402 Hono middleware, Billfold as its facilitator, 0
 * confirmations) on Anvil mining at once: each 402 → sign → verify and settle → 200, one at a
 * time, then 20 clients at once.
 */
export async function runX402Benchmarks() {
  const anvil = await startTestChain(8594)
  const app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
  const payee = privateKeyToAccount(generatePrivateKey())
  const { cookie } = await signIn(app.url, payee)
  await turnOnRelayer(app.url, anvil.rpcUrl, cookie, { fund: parseEther('10') })
  const apiKey = (await createApiKey(app.url, cookie, payee, { scopes: ['x402:settle'] })).data!.createApiKey.secret
  const paidApi = runExample('paid-api/server.mjs', {
    BILLFOLD_URL: app.url,
    BILLFOLD_API_KEY: apiKey,
    PAY_TO: payee.address,
    ASSET: DEV_USDC_ADDRESS,
    PORT: String(await freePort()),
  })
  try {
    const url = (await paidApi.line(/^paid-api /)).split(' ')[1]!
    const payers = []
    for (let i = 0; i < 20; i++) payers.push(await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 10n ** 9n))
    const clients = payers.map((p) => wrapFetchWithPayment(fetch, x402ClientFor(p)))
    const call = async (client: (typeof clients)[number]) => {
      const answer = await client(url)
      if (answer.status !== 200) throw new Error(`paid call answered ${answer.status}: ${await answer.text()}`)
      await answer.arrayBuffer()
    }
    for (let i = 0; i < 5; i++) await call(clients[0]!)
    const one: number[] = []
    for (let i = 0; i < 100; i++) {
      const started = performance.now()
      await call(clients[i % clients.length]!)
      one.push(performance.now() - started)
    }
    console.log(
      '\nx402: a paid call end to end (402 → sign → settle → 200), 0 confirmations, Anvil mining at once; goal p99 ≤ 500 ms',
    )
    console.log(`  median ${ms(median(one))}   p99 ${ms(percentile(one, 99))}   (100 calls, one at a time)`)
    const perClient = 20
    const started = performance.now()
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < perClient; i++) await call(client)
      }),
    )
    const seconds = (performance.now() - started) / 1000
    console.log(
      `  ${((clients.length * perClient) / seconds).toFixed(0)} settled calls/s with 20 clients at once (400 calls in ${seconds.toFixed(2)} s; goal ≥ 50/s)`,
    )
  } finally {
    await paidApi.stop()
    await app.close()
    await anvil.stop()
  }
}
