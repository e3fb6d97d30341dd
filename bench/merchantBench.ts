import { paymentTransaction } from '../src/domain/paymentTransaction.ts'
import autocannon from 'autocannon'
import { graphql, alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createApiKey, rest } from '../src/api/testing/merchantClient.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { setUpDevChain } from '../src/chain/devnet/setUpDevChain.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { createFreshDatabase, postgresUnavailableReason, startPostgresServer } from '../testing/postgresServer.ts'
import { startWebhookReceiver } from '../testing/webhookReceiver.ts'
import { startServerProcess } from '../testing/serverProcess.ts'
import { ms, percentile } from './stats.ts'
import { steadyLoad } from './steadyLoad.ts'
import { type Hex } from 'viem'

const order = () => ({
  chainId: 31337,
  asset: DEV_USDC_ADDRESS,
  amount: '19.99',
  memo: 'Bench order',
  dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
})

/**
 * The merchant API on PostgreSQL, the production server in its own process: REST creates with an API key (the
 * delegate's signature included), then webhooks: payments in blocks to a local receiver, timed from
 * each block to each delivery.
 */
export async function runMerchantBenchmarks() {
  const reason = postgresUnavailableReason()
  if (reason) return console.log(`\nMerchant API SKIPPED: ${reason} (the figures are for PostgreSQL)`)
  const postgres = await startPostgresServer()
  const anvil = await startAnvil({ port: 8567 })
  await setUpDevChain(anvil.rpcUrl)
  const receiver = await startWebhookReceiver()
  // As deployed: the prebuilt production server (npm run bench builds it first).
  const server = await startServerProcess(
    {
      RPC_URL: anvil.rpcUrl,
      DATABASE_URL: await createFreshDatabase(postgres.url),
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_FORMAT: 'json',
    },
    { build: 'production' },
  )
  try {
    const { cookie } = await signIn(server.url, alice)
    const secret = (await createApiKey(server.url, cookie, alice)).data!.createApiKey.secret
    console.log('\nREST create with an API key, PostgreSQL (8 s per line; goal ≥ 500 req/s, p99 ≤ 50 ms)')
    const url = `${server.url}/api/v1/payment-requests`
    const body = JSON.stringify(order())
    const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }
    await autocannon({ url, method: 'POST', headers, body, connections: 10, duration: 2 })
    const line = (label: string, perSecond: number, p50: number, p99: number, failed: string) =>
      console.log(
        `  POST /api/v1/payment-requests  ${label.padEnd(34)} ${Math.round(perSecond).toString().padStart(5)} req/s   p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms${failed}`,
      )
    // Flat out (autocannon, each connection sends its next request when the last is answered)...
    for (const connections of [10, 32]) {
      const r = await autocannon({ url, method: 'POST', headers, body, connections, duration: 8 })
      line(
        `flat out, ${connections} connections`,
        r.requests.average,
        r.latency.p50,
        r.latency.p99,
        r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : '',
      )
    }
    // ...then the goal's rate as a steady stream, each request timed from when it was due.
    for (const rate of [500, 750]) {
      const r = await steadyLoad({ url, method: 'POST', headers, body, rate, durationMs: 8000 })
      line(
        `steady ${rate}/s offered (open loop)`,
        r.perSecond,
        r.p50,
        r.p99,
        r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : '',
      )
    }
    // As a careful integration sends them: each with an Idempotency-Key of its own (claimed in the insert's statement).
    const run = Date.now()
    const idempotent = await steadyLoad({
      url,
      method: 'POST',
      headers,
      headersOf: (i) => ({ 'idempotency-key': `bench-${run}-${i}` }),
      body,
      rate: 500,
      durationMs: 8000,
    })
    line(
      'steady 500/s, each with Idempotency-Key',
      idempotent.perSecond,
      idempotent.p50,
      idempotent.p99,
      idempotent.errors || idempotent.non2xx ? `   (${idempotent.errors} errors, ${idempotent.non2xx} non-2xx)` : '',
    )

    await graphql(
      server.url,
      'mutation($url: String!) { createWebhookEndpoint(url: $url, events: ["payment_request.paid"]) { secret } }',
      { variables: { url: `${receiver.url}/hooks` }, cookie },
    )
    const payments = 1000
    const blocks = 100
    const requests: { id: string; reference: Hex }[] = []
    for (let i = 0; i < payments; i += 50)
      requests.push(
        ...(
          await Promise.all(
            Array.from({ length: 50 }, () =>
              rest(server.url, '/payment-requests', { method: 'POST', secret, body: { ...order(), amount: '1' } }),
            ),
          )
        ).map((r) => r.body as { id: string; reference: Hex }),
      )
    receiver.received.length = 0
    // Mined in blocks of ten payments each: automine off, ten transactions, one block.
    const { walletOf, testClient } = chainClients(anvil.rpcUrl)
    await testClient.setAutomine(false)
    const blockTimes = new Map<string, number>()
    const payers = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    for (let b = 0; b < blocks; b++) {
      const inBlock = requests.slice((b * payments) / blocks, ((b + 1) * payments) / blocks)
      // One after the other: the node gives each its nonce while nothing is mined.
      for (const [i, r] of inBlock.entries()) {
        await walletOf(payers[i % payers.length]!).sendTransaction({
          ...paymentTransaction({ asset: DEV_USDC_ADDRESS, payee: alice.address, reference: r.reference }, 1_000_000n),
          gas: 100_000n,
        })
      }
      await testClient.mine({ blocks: 1 })
      const mined = Date.now()
      for (const r of inBlock) blockTimes.set(r.id, mined)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await testClient.setAutomine(true)
    const started = Date.now()
    while (receiver.events('payment_request.paid').length < payments && Date.now() - started < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const delivered = receiver.events('payment_request.paid')
    const latencies = delivered
      .map((e) => e.at - blockTimes.get(e.json.data.request.id)!)
      .filter((t) => Number.isFinite(t))
    const span = (Math.max(...delivered.map((e) => e.at)) - Math.min(...[...blockTimes.values()])) / 1000
    console.log(
      `\nWebhooks: ${payments} payments in ${blocks} blocks (one every ~0.1 s) to a local receiver (goal p99 ≤ 1 s from the block)`,
    )
    console.log(
      `  delivered ${delivered.length} of ${payments}   block → delivery p50 ${ms(percentile(latencies, 50))}   p99 ${ms(percentile(latencies, 99))}   ${(delivered.length / span).toFixed(0)} deliveries/s over the run`,
    )
  } finally {
    await server.stop('SIGTERM')
    await receiver.close()
    await anvil.stop()
    await postgres.stop()
  }
}
