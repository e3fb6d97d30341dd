import type { ActiveChain } from '../../chain/chains.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { builder } from '../builder.ts'

const AssetInfo = builder.objectRef<Asset>('Asset').implement({
  description: 'What a request can ask for: the native coin or a token.',
  fields: (t) => ({
    address: t.exposeString('address', { description: '"native" or the token contract address.' }),
    symbol: t.exposeString('symbol'),
    decimals: t.exposeInt('decimals'),
  }),
})

const ChainInfo = builder.objectRef<ActiveChain>('Chain').implement({
  description: 'A chain this Billfold accepts payments on.',
  fields: (t) => ({
    id: t.int({ resolve: (c) => c.chain.id }),
    name: t.string({ resolve: (c) => c.chain.name }),
    nativeSymbol: t.string({ resolve: (c) => c.chain.nativeCurrency.symbol }),
    confirmations: t.exposeInt('confirmations', { description: 'Blocks after which a payment is final.' }),
    assets: t.field({ type: [AssetInfo], resolve: (c, _, ctx) => ctx.assets.filter((a) => a.chainId === c.chain.id) }),
  }),
})

builder.queryFields((t) => ({
  chains: t.field({ type: [ChainInfo], description: 'The active chains.', resolve: (_, __, ctx) => ctx.chains }),
}))
