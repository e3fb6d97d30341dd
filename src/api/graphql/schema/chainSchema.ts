import type { ActiveChain } from '../../../chain/chains.ts'
import { chainFeedsOf, type PriceFeed } from '../../../chain/priceFeeds.ts'
import { readChainHealth } from '../../../chain/readChainHealth.ts'
import type { Asset } from '../../../domain/paymentRequest.ts'
import { builder } from '../builder.ts'

const AssetInfo = builder.objectRef<Asset>('Asset').implement({
  description: 'What a request can ask for: the native coin or a token.',
  fields: (t) => ({
    address: t.exposeString('address', { description: '"native" or the token contract address.' }),
    symbol: t.exposeString('symbol'),
    decimals: t.exposeInt('decimals'),
  }),
})

const PriceFeedInfo = builder.objectRef<PriceFeed>('PriceFeed').implement({
  description: "A Chainlink price feed on the chain: its base's price in USD (AggregatorV3's latestRoundData).",
  fields: (t) => ({
    base: t.exposeString('base', {
      description: 'A coin or token by its symbol (ETH, USDC), or a currency by its code (EUR).',
    }),
    address: t.exposeString('address'),
    decimals: t.exposeInt('decimals'),
    heartbeatSeconds: t.exposeInt('heartbeatSeconds', {
      description: 'The feed updates at least this often: an older answer means it has stopped.',
    }),
  }),
})

type HealthRow = NonNullable<Awaited<ReturnType<typeof readChainHealth>>>

const WatcherHealth = builder.objectRef<HealthRow>('ChainWatcherHealth').implement({
  description: 'How the chain watcher keeps up. Payments on a lagging chain are recorded late, not lost.',
  fields: (t) => ({
    lagging: t.boolean({
      description: 'True while the watcher is behind the head or its RPC fails.',
      resolve: (h) => h.laggingSince !== null,
    }),
    lagBlocks: t.int({
      nullable: true,
      description: 'Blocks between the head and the newest block read in full; null before the RPC first answered.',
      resolve: (h) => (h.headBlock !== null && h.readThrough !== null ? Number(h.headBlock - h.readThrough) : null),
    }),
    lastError: t.string({
      nullable: true,
      description: "The RPC provider's words when the last pass failed.",
      resolve: (h) => h.lastError,
    }),
    laggingSince: t.field({ type: 'DateTime', nullable: true, resolve: (h) => h.laggingSince }),
    gaps: t.int({
      description:
        'Items the RPC answered in a shape it should not (a transaction it could not trace, a log without its index), each read another way or left out; the chain kept going.',
      resolve: (h) => h.gaps,
    }),
    lastGap: t.string({
      nullable: true,
      description: 'The newest of them: which item, what the node sent, and how it was read instead.',
      resolve: (h) => h.lastGap,
    }),
    lastGapAt: t.field({ type: 'DateTime', nullable: true, resolve: (h) => h.lastGapAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (h) => h.updatedAt }),
  }),
})

const ChainInfo = builder.objectRef<ActiveChain>('Chain').implement({
  description: 'A chain this Billfold accepts payments on.',
  fields: (t) => ({
    id: t.int({ resolve: (c) => c.chain.id }),
    name: t.string({ resolve: (c) => c.chain.name }),
    nativeSymbol: t.string({ resolve: (c) => c.chain.nativeCurrency.symbol }),
    testnet: t.boolean({
      description: 'A test network: its coins and tokens have no real value.',
      resolve: (c) => c.chain.testnet === true,
    }),
    confirmations: t.exposeInt('confirmations', { description: 'Blocks after which a payment is final.' }),
    assets: t.field({
      type: [AssetInfo],
      resolve: (c, _, ctx) => ctx.network.assets.filter((a) => a.chainId === c.chain.id),
    }),
    priceFeeds: t.field({
      type: [PriceFeedInfo],
      description: "The chain's price feeds Billfold reads: a payer's browser values the network fee with them.",
      resolve: (c) => [...(chainFeedsOf(c.chain.id)?.feeds ?? [])],
    }),
    watcher: t.field({
      type: WatcherHealth,
      nullable: true,
      description: "The chain watcher's health; null until it has run once.",
      resolve: async (c, _, ctx) => (await readChainHealth(ctx.reads, c.chain.id)) ?? null,
    }),
  }),
})

builder.queryFields((t) => ({
  chains: t.field({
    type: [ChainInfo],
    description: 'The active chains.',
    resolve: (_, __, ctx) => ctx.network.chains,
  }),
}))
