import { formatAmount } from '../../../domain/amount.ts'
import { tillUnit } from '../../../domain/pos/tillDraft.ts'
import type { TillRow } from '../../../merchants/pos/tills.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'

export const assetOf = (ctx: ApiContext, till: TillRow) =>
  ctx.network.assets.find((a) => a.chainId === till.chainId && a.address === till.asset)
export const unitOf = (ctx: ApiContext, till: TillRow) => {
  const asset = assetOf(ctx, till)
  return asset ? tillUnit(till, asset) : { symbol: '', decimals: 18 }
}
export const inUnit = (ctx: ApiContext, till: TillRow, value: bigint | string) =>
  formatAmount(BigInt(value), unitOf(ctx, till).decimals)

const TillItem = builder.objectRef<{ name: string; price: string; decimals: number }>('TillItem').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    price: t.string({
      description: 'A decimal in the till’s unit.',
      resolve: (i) => formatAmount(BigInt(i.price), i.decimals),
    }),
  }),
})

export const Till = builder.objectRef<TillRow>('Till').implement({
  description:
    'A point-of-sale till: a keypad in a shop currency (priced in its token at the feeds’ rate) or in the token, its items and tip choices. Its sales are signed by its own delegate.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset', { description: 'The token a sale is paid in (an address or "native").' }),
    assetSymbol: t.string({ resolve: (till, _, ctx) => assetOf(ctx, till)?.symbol ?? '' }),
    currency: t.exposeString('currency', {
      nullable: true,
      description: 'The shop’s currency, or null for a till in the token.',
    }),
    unit: t.string({
      description: 'What its keypad counts in: the currency code or the token’s symbol.',
      resolve: (till, _, ctx) => unitOf(ctx, till).symbol,
    }),
    decimals: t.int({
      description: 'Decimal places of its unit.',
      resolve: (till, _, ctx) => unitOf(ctx, till).decimals,
    }),
    items: t.field({
      type: [TillItem],
      resolve: (till, _, ctx) => till.items.map((i) => ({ ...i, decimals: unitOf(ctx, till).decimals })),
    }),
    tips: t.stringList({
      description: 'Tip choices in percent, e.g. "10".',
      resolve: (till) => till.tipsBps.map((bps) => formatAmount(BigInt(bps), 2)),
    }),
    tipsBps: t.intList({ resolve: (till) => till.tipsBps }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})

export const PendingTill = builder
  .objectRef<{ till: TillRow; delegate: string; expiresAt: Date }>('PendingTill')
  .implement({
    description: 'A till waiting for the payee to sign its delegation (EIP-712 `Delegation`, keyName = its name).',
    fields: (t) => ({
      id: t.string({ resolve: (p) => p.till.id }),
      payee: t.string({ resolve: (p) => p.till.payee }),
      delegate: t.exposeString('delegate'),
      keyName: t.string({ resolve: (p) => p.till.name }),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    }),
  })
