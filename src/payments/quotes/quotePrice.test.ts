import { createPublicClient, http, parseUnits, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../testing/faultyRpc.ts'
import { devChain } from '../../chain/chains.ts'
import { DEV_FEED_ANSWERS } from '../../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_PRICE_FEEDS } from '../../chain/priceFeeds.ts'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { checkPriceQuote } from '../../domain/checkPriceQuote.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { NATIVE_ASSET, type Asset } from '../../domain/paymentRequest.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { priceQuoteTypedData, type PriceQuoteTerms } from '../../domain/priceQuote.ts'
import { tokenAmountForPrice } from '../../domain/money.ts'
import { cachedFeedReader } from './cachedFeedReader.ts'
import { quotePrice } from './quotePrice.ts'

const rpcUrl = inject('anvilUrl')
const chain = devChain(rpcUrl)
const EUR = fiatCurrency('EUR')!
const USD = fiatCurrency('USD')!
const USDC: Asset = { chainId: chain.id, address: DEV_USDC_ADDRESS, symbol: 'USDC', decimals: 6 }
const EURC: Asset = { chainId: chain.id, address: DEV_EURC_ADDRESS, symbol: 'EURC', decimals: 6 }
const ETH: Asset = { chainId: chain.id, address: NATIVE_ASSET, symbol: 'ETH', decimals: 18 }
const delegate = privateKeyToAccount(generatePrivateKey())
const rate = (answer: bigint) => ({ answer, decimals: 8 })

let proxy: FaultyRpc
let client: PublicClient
beforeAll(async () => {
  proxy = await startFaultyRpc(rpcUrl)
  client = createPublicClient({ chain, transport: http(proxy.url, { batch: true }) })
})
afterAll(() => proxy.close())

const sign = (terms: PriceQuoteTerms, by = delegate) => by.signTypedData(priceQuoteTypedData(terms))
const quote = (asset: Asset, priceMinor = 150000n, currency = EUR) =>
  quotePrice({
    readFeeds: cachedFeedReader(client, DEV_PRICE_FEEDS, 1000),
    chain,
    asset,
    currency,
    priceMinor,
    reference: newPaymentReference(),
    paymentReference: newPaymentReference(),
  })

describe('quotePrice', () => {
  it('quotes 1,500.00 EUR in USDC, EURC and ETH at the dev feeds’ rounds, for 15 minutes', async () => {
    const expected = (tokenAnswer: bigint, decimals: number) =>
      tokenAmountForPrice({
        priceMinor: 150000n,
        currency: EUR,
        currencyUsd: rate(DEV_FEED_ANSWERS.EUR),
        tokenUsd: rate(tokenAnswer),
        tokenDecimals: decimals,
      })
    const before = Date.now()
    const [{ terms: usdc }, { terms: eurc }, { terms: eth }] = await Promise.all([quote(USDC), quote(EURC), quote(ETH)])
    expect(usdc.amount).toBe(parseUnits('1612.8', 6))
    expect(eurc.amount).toBe(expected(DEV_FEED_ANSWERS.EURC, 6))
    expect(eth.amount).toBe(parseUnits('0.5376', 18))
    expect(eth.asset).toBe(NATIVE_ASSET)
    expect(usdc.currencyFeed).toBe(DEV_PRICE_FEEDS.feeds.find((f) => f.base === 'EUR')!.address)
    expect(usdc.tokenFeed).toBe(DEV_PRICE_FEEDS.feeds.find((f) => f.base === 'USDC')!.address)
    const minutes = (usdc.expiresAt.getTime() - before) / 60_000
    expect(minutes).toBeGreaterThanOrEqual(15)
    expect(minutes).toBeLessThan(15.1)
  })

  it('prices in USD with the token’s feed alone', async () => {
    const usd = (await quote(USDC, 1999n, USD)).terms
    expect(usd.currencyFeed).toBeNull()
    expect(usd.amount).toBe(parseUnits('19.99', 6))
  })

  it('reads the feeds once for the quotes of one moment: one batch, whatever the number of payers', async () => {
    const readFeeds = cachedFeedReader(client, DEV_PRICE_FEEDS, 60_000)
    proxy.reset()
    const quotes = await Promise.all(
      Array.from({ length: 20 }, () =>
        quotePrice({
          readFeeds,
          chain,
          asset: USDC,
          currency: EUR,
          priceMinor: 150000n,
          reference: newPaymentReference(),
          paymentReference: newPaymentReference(),
        }),
      ),
    )
    expect(new Set(quotes.map((q) => q.terms.amount)).size).toBe(1)
    // The head block, the sequencer, and each feed's round (a feed's decimals are read once a process).
    expect(proxy.calls.get('eth_getBlockByNumber')).toBe(1)
    expect(proxy.calls.get('eth_call')).toBeLessThanOrEqual(5)
  })

  it('is checked by a payer against the feeds themselves: the delegate’s signature, the rounds, the amount', async () => {
    const eth = (await quote(ETH)).terms
    const good = await checkPriceQuote(client, {
      terms: eth,
      signature: await sign(eth),
      delegate: delegate.address,
      tokenDecimals: 18,
    })
    expect(good).toEqual({ ok: true, tokenUsd: rate(DEV_FEED_ANSWERS.ETH), currencyUsd: rate(DEV_FEED_ANSWERS.EUR) })

    const check = (terms: PriceQuoteTerms, signature: Hex) =>
      checkPriceQuote(client, { terms, signature, delegate: delegate.address, tokenDecimals: 18 })
    const someoneElse = privateKeyToAccount(generatePrivateKey())
    expect(await check(eth, await sign(eth, someoneElse))).toEqual({ ok: false, problem: 'signer' })
    // A rate changed after signing: the signature no longer covers the terms.
    expect(await check({ ...eth, amount: eth.amount - 1n }, await sign(eth))).toEqual({ ok: false, problem: 'signer' })
    // Signed, but not what the feeds give at those rounds.
    const cheaper = { ...eth, amount: (eth.amount * 9n) / 10n }
    expect(await check(cheaper, await sign(cheaper))).toEqual({ ok: false, problem: 'amount' })
    const noRound = { ...eth, tokenRound: eth.tokenRound + 1000n }
    expect(await check(noRound, await sign(noRound))).toEqual({ ok: false, problem: 'round' })
  })
})
