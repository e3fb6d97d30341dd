import { useQuery } from '@tanstack/react-query'
import { decodeFunctionResult, encodeFunctionData, type Address } from 'viem'
import { getBlock } from 'viem/actions'
import { aggregatorAbi } from '../../domain/aggregatorAbi.ts'
import { fiatCurrency, type FiatCurrency } from '../../domain/currencies.ts'
import { feeValueMinor, type FeedAnswer } from '../../domain/feeValue.ts'
import { query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import type { ChainClient } from '../publicClients.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/** The currency a payer thinks in here: the request's price's, else the one its token stands for, else USD. */
export function payerCurrencyOf(request: PaymentRequestData): FiatCurrency {
  const code = request.price?.currency ?? (request.symbol === 'EURC' ? 'EUR' : 'USD')
  return fiatCurrency(code) ?? fiatCurrency('USD')!
}

const FeedsQuery = graphql(`
  query FeeFeeds {
    chains {
      id
      priceFeeds {
        base
        address
        decimals
        heartbeatSeconds
      }
    }
  }
`)

type Feed = { base: string; address: string; decimals: number; heartbeatSeconds: number }

/** The price feeds of each chain the server offers, by chain id. */
export async function feedsByChain(): Promise<ReadonlyMap<number, readonly Feed[]>> {
  const { chains } = await query(FeedsQuery, {})
  return new Map(chains.map((c) => [c.id, c.priceFeeds]))
}

async function latestAnswer(client: ChainClient, feed: Feed): Promise<FeedAnswer> {
  const data = encodeFunctionData({ abi: aggregatorAbi, functionName: 'latestRoundData' })
  const result = await client.request({ method: 'eth_call', params: [{ to: feed.address as Address, data }, 'latest'] })
  const [, answer, , updatedAt] = decodeFunctionResult({
    abi: aggregatorAbi,
    functionName: 'latestRoundData',
    data: result,
  })
  return { answer, updatedAt, decimals: feed.decimals, heartbeatSeconds: feed.heartbeatSeconds }
}

/** What values a fee of this chain in `currency`: its ETH/USD and the currency's answers, at its latest block. */
export type FeeRates = { ethUsd: FeedAnswer; currencyUsd: FeedAnswer | undefined; chainTime: bigint }

/**
 * The chain's own feeds for valuing its fee in `currency`, read through the payer's RPC; null on a
 * chain whose coin is not ETH or without the feeds.
 */
export async function readFeeRates(
  client: ChainClient,
  feeds: readonly Feed[],
  currency: FiatCurrency,
): Promise<FeeRates | null> {
  if (client.chain.nativeCurrency.symbol !== 'ETH') return null
  const eth = feeds.find((f) => f.base === 'ETH')
  const other = feeds.find((f) => f.base === currency.code)
  if (!eth || (currency.code !== 'USD' && !other)) return null
  const [ethUsd, currencyUsd, block] = await Promise.all([
    latestAnswer(client, eth),
    other ? latestAnswer(client, other) : undefined,
    getBlock(client),
  ])
  return { ethUsd, currencyUsd, chainTime: block.timestamp }
}

/** A fee in wei in minor units of `currency` at these rates; undefined when a feed's answer is not usable. */
export const valueFee = (fee: bigint, rates: FeeRates, currency: FiatCurrency) =>
  feeValueMinor(fee, rates.ethUsd, rates.currencyUsd, currency, rates.chainTime)

/**
 * The network fee in the payer's currency, from the chain's own price feeds (ETH/USD and the
 * currency's), read through the payer's RPC; undefined while asked, on a chain without them, or when
 * a feed cannot be read (the fee in ETH is still shown).
 */
export function useFeeInCurrency(
  client: ChainClient | undefined,
  request: PaymentRequestData,
  fee: bigint | undefined,
) {
  const currency = payerCurrencyOf(request)
  const rates = useQuery({
    queryKey: ['fee-rates', request.chainId, currency.code],
    enabled: Boolean(client) && client?.chain.nativeCurrency.symbol === 'ETH',
    staleTime: 60_000,
    queryFn: async () => readFeeRates(client!, (await feedsByChain()).get(request.chainId) ?? [], currency),
  })
  if (fee === undefined || !rates.data) return undefined
  const minor = valueFee(fee, rates.data, currency)
  return minor === undefined ? undefined : { minor, currency }
}
