import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devChain } from '../src/chain/chains.ts'
import { DEV_PRICE_FEEDS } from '../src/chain/priceFeeds.ts'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { fiatCurrency } from '../src/domain/currencies.ts'
import { NATIVE_ASSET, type Asset } from '../src/domain/paymentRequest.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { priceQuoteTypedData } from '../src/domain/priceQuote.ts'
import { cachedFeedReader } from '../src/payments/quotes/cachedFeedReader.ts'
import { quotePrice } from '../src/payments/quotes/quotePrice.ts'
import { startFaultyRpc } from '../testing/faultyRpc.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { authoriseQuoteKey, quoteOf } from '../src/api/testing/pricedRequestClient.ts'
import { insertPaymentRequest } from '../src/payments/repository/paymentRequests.ts'
import { startTestChain } from '../testing/testChain.ts'
import { median, ms, percentile } from './stats.ts'

const QUOTES = 1000

/**
 * A quote made and signed: the token's and the currency's feeds read (through a counting proxy,
 * shared for one block, Anvil mining one a second), the amount computed, the EIP-712 quote signed by
 * a delegate key; 1,000 in turn over three tokens and four currencies.
 */
export async function runQuoteBenchmarks() {
  console.log(
    `\nQuotes: a currency price quoted in a token, feeds read (shared for one block) and the quote signed by a delegate; ${QUOTES} in turn, Anvil mining a block a second (goal p99 ≤ 20 ms)`,
  )
  const anvil = await startTestChain(8594, { blockTime: 1 })
  const proxy = await startFaultyRpc(anvil.rpcUrl)
  try {
    const chain = devChain(anvil.rpcUrl)
    const client = createPublicClient({ chain, transport: http(proxy.url, { batch: true }) })
    const readFeeds = cachedFeedReader(client, DEV_PRICE_FEEDS, 1000)
    const delegate = privateKeyToAccount(generatePrivateKey())
    const assets: Asset[] = [
      { chainId: chain.id, address: DEV_USDC_ADDRESS, symbol: 'USDC', decimals: 6 },
      { chainId: chain.id, address: DEV_EURC_ADDRESS, symbol: 'EURC', decimals: 6 },
      { chainId: chain.id, address: NATIVE_ASSET, symbol: 'ETH', decimals: 18 },
    ]
    const currencies = ['EUR', 'USD', 'GBP', 'JPY'].map((code) => fiatCurrency(code)!)
    const times: number[] = []
    proxy.reset()
    const started = performance.now()
    for (let i = 0; i < QUOTES; i++) {
      const t0 = performance.now()
      const quote = await quotePrice({
        readFeeds,
        chain,
        asset: assets[i % assets.length]!,
        currency: currencies[i % currencies.length]!,
        priceMinor: 150000n + BigInt(i),
        reference: newPaymentReference(),
        paymentReference: newPaymentReference(),
      })
      await delegate.signTypedData(priceQuoteTypedData(quote.terms))
      times.push(performance.now() - t0)
    }
    const seconds = (performance.now() - started) / 1000
    const { calls } = proxy.stats()
    console.log(
      `  made and signed:  p50 ${ms(median(times))}   p99 ${ms(percentile(times, 99))}   max ${ms(Math.max(...times))}   ${(QUOTES / seconds).toFixed(0)} quotes/s   ${(calls / QUOTES).toFixed(3)} RPC calls per quote (${calls} in ${seconds.toFixed(1)} s)`,
    )
    await servedQuotes(anvil.rpcUrl, proxy)
  } finally {
    await proxy.close()
    await anvil.stop()
  }
}

/**
 * The same through the API, as a payer's browser asks: `quotePaymentRequest` on 1,000 priced
 * requests in turn (each quoted once, so none is handed out again), the server's RPC through the
 * counting proxy (its watcher off, so every call counted is a quote's), the quote's own request and
 * the quote signed on the signing threads and stored.
 */
async function servedQuotes(anvilUrl: string, proxy: Awaited<ReturnType<typeof startFaultyRpc>>) {
  const app = await startTestApp({ anvilUrl: proxy.url, watch: false, rateLimitPerMinute: 0 })
  try {
    const { cookie } = await signIn(app.url, alice)
    const key = await authoriseQuoteKey(app.url, cookie, alice)
    const head = await createPublicClient({ chain: devChain(anvilUrl), transport: http(anvilUrl) }).getBlockNumber()
    const ids: string[] = []
    for (let i = 0; i < QUOTES; i++) {
      const row = await insertPaymentRequest(app.database.db, {
        terms: {
          chainId: 31337,
          asset: 'EUR' as typeof NATIVE_ASSET,
          amount: 150_000n + BigInt(i),
          payee: alice.address,
          payer: null,
          memo: `Bench ${i}`,
          dueAt: new Date(Date.now() + 86_400_000),
          reference: newPaymentReference(),
        },
        asset: { chainId: 31337, address: 'EUR' as typeof NATIVE_ASSET, symbol: 'EUR', decimals: 2 },
        signature: '0x',
        createdBlock: head,
        priced: {
          currency: 'EUR',
          acceptedAssets: [DEV_USDC_ADDRESS, DEV_EURC_ADDRESS, NATIVE_ASSET],
          toleranceBps: 0,
          quoteKeyId: key.id,
        },
      })
      ids.push(row.id)
    }
    const tokens = [DEV_USDC_ADDRESS, DEV_EURC_ADDRESS, NATIVE_ASSET]
    const times: number[] = []
    proxy.reset()
    const started = performance.now()
    for (let i = 0; i < QUOTES; i++) {
      const t0 = performance.now()
      const answer = await quoteOf(app.url, ids[i]!, tokens[i % tokens.length]!)
      times.push(performance.now() - t0)
      if (answer.errors) throw new Error(answer.errors[0]!.message)
    }
    const seconds = (performance.now() - started) / 1000
    const { calls } = proxy.stats()
    console.log(
      `  served by the API: p50 ${ms(median(times))}   p99 ${ms(percentile(times, 99))}   max ${ms(Math.max(...times))}   ${(QUOTES / seconds).toFixed(0)} quotes/s   ${(calls / QUOTES).toFixed(3)} RPC calls per quote (${calls} in ${seconds.toFixed(1)} s)`,
    )
  } finally {
    await app.close()
  }
}
