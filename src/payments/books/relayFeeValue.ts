import type { Chain, PublicClient } from 'viem'
import { chainFeedsOf } from '../../chain/priceFeeds.ts'
import type { FiatCurrency } from '../../domain/currencies.ts'
import { NATIVE_ASSET, type Asset } from '../../domain/paymentRequest.ts'
import { valueAtBlock } from '../quotes/valueAtBlock.ts'
import { lineRate } from '../repository/statement.ts'
import type { FeeValuer } from './bookLines.ts'

/**
 * Values a relayer's fee (native coin) or a payout line's token in the books' currency at the
 * rounds of the block it was mined in, as payments are valued, and says where the rate came from; null without a feed.
 */
export function relayFeeValuer(
  network: {
    chainOf(chainId: number): Chain | undefined
    clientOf(chainId: number): PublicClient | undefined
    assets: readonly Asset[]
  },
  currency: FiatCurrency,
): FeeValuer {
  const nativeOf = (chainId: number) => network.assets.find((a) => a.chainId === chainId && a.address === NATIVE_ASSET)
  return {
    symbol: (chainId) => nativeOf(chainId)?.symbol ?? network.chainOf(chainId)?.nativeCurrency.symbol ?? 'ETH',
    value: async ({ chainId, fee, blockNumber, asset: token }) => {
      const chain = network.chainOf(chainId)
      const client = network.clientOf(chainId)
      const chainFeeds = chainFeedsOf(chainId)
      const asset = token
        ? network.assets.find((a) => a.chainId === chainId && a.address.toLowerCase() === token.toLowerCase())
        : nativeOf(chainId)
      if (!chain || !client || !chainFeeds || !asset) return null
      const at = blockNumber ?? (await client.getBlockNumber())
      const valued = await valueAtBlock({ client, chainFeeds, chain, asset, amount: fee, currency, blockNumber: at })
      const rate = lineRate({
        tokenAnswer: valued.tokenUsd.answer,
        tokenFeedDecimals: valued.tokenUsd.decimals,
        currencyAnswer: valued.currencyUsd?.answer ?? null,
        currencyFeedDecimals: valued.currencyUsd?.decimals ?? null,
      })
      const rounds = [valued.tokenUsd, valued.currencyUsd]
        .filter((r) => r !== undefined)
        .map((r) => `Chainlink ${r.feed} round ${r.roundId}`)
      const basis = valued.atBlock ? `block ${at}` : 'the latest rounds'
      return {
        value: valued.value,
        source: `${rate} ${currency.code}/${asset.symbol} at ${basis}: ${rounds.join(', ')}`,
      }
    },
  }
}
