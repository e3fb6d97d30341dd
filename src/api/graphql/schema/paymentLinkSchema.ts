import { formatAmount } from '../../../domain/amount.ts'
import { fiatCurrency } from '../../../domain/currencies.ts'
import { quotableAssets } from '../../../payments/quotes/quotePrice.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'
import { delegationClient } from './apiKeySchema.ts'
import { findPayeeProfile } from '../../../merchants/profile/payeeProfiles.ts'
import { PayeeProfile } from './profileSchema.ts'
import { findUsableLink, linkNotFound, type PaymentLinkRow } from '../../../merchants/paymentLinks.ts'
import { activateLink, disableLink, listLinks, prepareLink } from '../../../merchants/paymentLinkUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { createLinkPayer } from '../../../merchants/linkPayer.ts'

type LinkWithTotals = PaymentLinkRow & { received?: bigint; paidRequests?: number }

/** The link's unit: its token, or for a priced link its currency (its code, in minor units). */
const decimalsOf = (ctx: ApiContext, link: PaymentLinkRow) => {
  const currency = link.currency === null ? undefined : fiatCurrency(link.currency)
  if (currency) return { symbol: currency.code, decimals: currency.minorDigits }
  return ctx.network.assets.find((a) => a.chainId === link.chainId && a.address === link.asset)
}
const decimal = (ctx: ApiContext, link: PaymentLinkRow, value: string | bigint | null | undefined) =>
  value === null || value === undefined ? null : formatAmount(BigInt(value), decimalsOf(ctx, link)?.decimals ?? 18)

export const PaymentLink = builder.objectRef<LinkWithTotals>('PaymentLink').implement({
  description:
    'A reusable link: each payer who commits to pay gets a fresh request on its terms (a visit makes none), signed by its own delegate. Amounts are decimals in the asset’s units.',
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title'),
    payee: t.exposeString('payee'),
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset'),
    symbol: t.string({ resolve: (l, _, ctx) => decimalsOf(ctx, l)?.symbol ?? '' }),
    amount: t.string({
      nullable: true,
      description: 'The fixed amount, or null when the payer chooses.',
      resolve: (l, _, ctx) => decimal(ctx, l, l.amount),
    }),
    minAmount: t.string({ nullable: true, resolve: (l, _, ctx) => decimal(ctx, l, l.minAmount) }),
    maxAmount: t.string({ nullable: true, resolve: (l, _, ctx) => decimal(ctx, l, l.maxAmount) }),
    memo: t.exposeString('memo'),
    currency: t.exposeString('currency', {
      nullable: true,
      description: 'For a link priced in a currency (amount is then its price).',
    }),
    acceptedAssets: t.exposeStringList('acceptedAssets', {
      nullable: true,
      description: 'For a priced link: the tokens its payers may pay in.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    received: t.string({
      nullable: true,
      description: 'Received on the requests it made (for its payee).',
      resolve: (l, _, ctx) => decimal(ctx, l, l.received),
    }),
    paidRequests: t.int({ nullable: true, resolve: (l) => l.paidRequests ?? null }),
    payeeProfile: t.field({
      type: PayeeProfile,
      nullable: true,
      resolve: async (l, _, ctx) => (await findPayeeProfile(ctx.reads, l.payee)) ?? null,
    }),
  }),
})

const PendingPaymentLink = builder
  .objectRef<{ link: PaymentLinkRow; delegate: string; expiresAt: Date }>('PendingPaymentLink')
  .implement({
    description: 'A link waiting for the payee to sign its delegation (EIP-712 `Delegation`, keyName = the title).',
    fields: (t) => ({
      id: t.string({ resolve: (p) => p.link.id }),
      payee: t.string({ resolve: (p) => p.link.payee }),
      delegate: t.exposeString('delegate'),
      keyName: t.string({ resolve: (p) => p.link.title }),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    }),
  })

const PaymentLinkInput = builder.inputType('PaymentLinkInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    chainId: t.int({ required: true }),
    asset: t.string({ required: true }),
    amount: t.string({
      required: false,
      description: 'A fixed amount; or leave empty and give minAmount and maxAmount.',
    }),
    minAmount: t.string({ required: false }),
    maxAmount: t.string({ required: false }),
    memo: t.string({ required: false }),
    currency: t.string({
      required: false,
      description: 'To price the link in a currency ("EUR"): amount is then the price, asset is ignored.',
    }),
    acceptedAssets: t.stringList({
      required: false,
      description: 'For a priced link: the tokens its payers may pay in.',
    }),
    tolerance: t.string({ required: false, description: 'For a priced link: in percent, at most 5.' }),
  }),
})

builder.queryFields((t) => ({
  paymentLink: t.field({
    type: PaymentLink,
    description: 'A payment link by id: public, for its page.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => {
      const found = await findUsableLink(ctx.reads, id)
      if (!found) throw linkNotFound()
      return found.link
    },
  }),
  myPaymentLinks: t.field({
    type: [PaymentLink],
    ...runs(listLinks),
    resolve: async (_, __, ctx) => listLinks(await ctx.actor(), { db: ctx.reads }),
  }),
}))

builder.mutationFields((t) => ({
  preparePaymentLink: t.field({
    type: PendingPaymentLink,
    args: { input: t.arg({ type: PaymentLinkInput, required: true }) },
    ...runs(prepareLink),
    resolve: async (_, { input }, ctx) =>
      prepareLink(
        await ctx.actor(),
        {
          db: ctx.db,
          delegateKeys: ctx.merchants.secrets.delegateKeys,
          assets: ctx.network.assets,
          quotable: quotableAssets(ctx.network.chains, ctx.network.assets),
        },
        {
          title: input.title,
          chainId: input.chainId,
          asset: input.asset,
          amount: input.amount ?? null,
          minAmount: input.minAmount ?? null,
          maxAmount: input.maxAmount ?? null,
          memo: input.memo ?? '',
          currency: input.currency ?? null,
          acceptedAssets: input.acceptedAssets ?? null,
          tolerance: input.tolerance ?? null,
        },
      ),
  }),
  createPaymentLink: t.field({
    type: PaymentLink,
    description: 'With the payee’s signature of the delegation, the link works.',
    args: { id: t.arg.string({ required: true }), delegationSignature: t.arg.string({ required: true }) },
    ...runs(activateLink),
    resolve: async (_, args, ctx) =>
      activateLink(await ctx.actor(), { db: ctx.db, client: delegationClient(ctx) }, args),
  }),
  disablePaymentLink: t.field({
    type: PaymentLink,
    args: { id: t.arg.string({ required: true }) },
    ...runs(disableLink),
    resolve: async (_, args, ctx) => disableLink(await ctx.actor(), { db: ctx.db }, args),
  }),
  payWithLink: t.field({
    type: PaymentRequest,
    description:
      'A payer committing to pay a link (about to send or sign, never on a mere visit): a fresh request on its terms (with the amount they chose, for a range), its memo the link’s memo or else its title. No sign-in.',
    args: { id: t.arg.string({ required: true }), amount: t.arg.string({ required: false }) },
    resolve: async (_, { id, amount }, ctx) => {
      const pay = createLinkPayer({
        db: ctx.db,
        signAsDelegate: ctx.merchants.secrets.signAsDelegate,
        assets: ctx.network.assets,
        quotable: quotableAssets(ctx.network.chains, ctx.network.assets),
        client: (chainId) => ctx.network.clients.get(chainId),
      })
      return pay(id, amount ?? null)
    },
  }),
}))
