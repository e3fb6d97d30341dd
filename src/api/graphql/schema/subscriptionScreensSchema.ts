import { formatAmount } from '../../../domain/amount.ts'
import { publicPlan } from '../../../merchants/subscriptions/publicSubscription.ts'
import type { SubscriberFigures } from '../../../merchants/subscriptions/subscriberFigures.ts'
import {
  changePlanOf,
  createPlanOf,
  preparePlanOf,
  subscriberFiguresOf,
} from '../../../merchants/subscriptions/subscriptionUseCases.ts'
import type { StoredPermission } from '../../../merchants/subscriptions/subscriptionPermissions.ts'
import { isStoredPermit2 } from '../../../payments/subscriptions/permit2/permit2Grant.ts'
import { findSubscription } from '../../../merchants/subscriptions/subscriptionStore.ts'
import { paidTransaction, planNameOf } from '../../../merchants/subscriptions/subscriptionPageReads.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { delegationClient } from './apiKeySchema.ts'
import { Subscription, SubscriptionCharge, SubscriptionPlan } from './subscriptionSchema.ts'

// What the plans' and subscriptions' screens need beyond the API's views: making a plan from the
// payee's wallet, the payer's page's plan name, permission and transactions, the payee's figures.

const assetOf = (ctx: ApiContext, row: { chainId: number; asset: string }) =>
  ctx.network.assets.find((a) => a.chainId === row.chainId && a.address === row.asset)

const PlanInput = builder.inputType('PlanInput', {
  fields: (t) => ({
    chainId: t.int({ required: true }),
    asset: t.string({ required: true }),
    amount: t.string({
      required: false,
      description: 'Each period’s charge, a decimal in the token’s units; leave out for a plan priced in a currency.',
    }),
    currency: t.string({
      required: false,
      description: 'A price in this currency (e.g. EUR), paid in the token: each charge is quoted at its rate.',
    }),
    price: t.string({ required: false, description: 'Each period’s price in the currency, a decimal (e.g. 20.00).' }),
    tolerance: t.string({
      required: false,
      description: 'Percent (0 to 5) added to the grant’s quote in the permission’s cap per period, for rate moves.',
    }),
    name: t.string({ required: true }),
    interval: t.string({ required: true, description: 'week, month or year.' }),
    trialDays: t.int({ required: false }),
    count: t.int({ required: false, description: 'How many periods; leave out for until cancelled.' }),
    endsOn: t.string({ required: false, description: 'YYYY-MM-DD (UTC): no period starts on or after it.' }),
  }),
})

const PlanChangeInput = builder.inputType('PlanChangeInput', {
  description: 'Only the fields given change; a new charge applies from each subscription’s next period.',
  fields: (t) => ({
    amount: t.string({ required: false, description: 'A token plan’s amount, a decimal in the token’s units.' }),
    price: t.string({ required: false, description: 'A priced plan’s price per period, a decimal in its currency.' }),
    tolerance: t.string({
      required: false,
      description: 'A priced plan’s tolerance in percent (0 to 5), for permissions granted from now on.',
    }),
    name: t.string({ required: false }),
    dunningDays: t.intList({ required: false, description: 'Days after a failed charge on which it is tried again.' }),
    archived: t.boolean({ required: false, description: 'Archived: no new payer may start it.' }),
  }),
})

const PendingPlan = builder
  .objectRef<{ id: string; payee: string; delegate: string; keyName: string; expiresAt: Date; walletSigns: boolean }>(
    'PendingPlan',
  )
  .implement({
    description:
      'A plan waiting for the payee’s wallet to sign its delegation (EIP-712 `Delegation`), or for the member who prepared it to confirm it.',
    fields: (t) => ({
      id: t.exposeString('id'),
      payee: t.exposeString('payee'),
      delegate: t.exposeString('delegate'),
      keyName: t.exposeString('keyName'),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
      walletSigns: t.exposeBoolean('walletSigns', {
        description:
          'Whether the payee’s wallet signs the delegation next; false for a member’s, signed by the members’ delegate the owner authorised (then step two takes no signature).',
      }),
    }),
  })

builder.objectField(SubscriptionCharge, 'txHash', (t) =>
  t.string({
    nullable: true,
    description: 'The transaction that paid the period’s request, once the chain has it.',
    resolve: (c, _, ctx) => paidTransaction(ctx.reads, c.requestId),
  }),
)

builder.objectFields(Subscription, (t) => ({
  chainId: t.exposeInt('chainId'),
  asset: t.exposeString('asset', { description: 'The token’s address: a Permit2 subscription is revoked by it.' }),
  planName: t.string({
    resolve: (s, _, ctx) => planNameOf(ctx.reads, s.planId),
  }),
  permissionContext: t.string({
    description:
      'The granted ERC-7715 permission’s context: the payer’s wallet revokes it by this (empty for Permit2).',
    resolve: async (s, _, ctx) => {
      const stored = (await findSubscription(ctx.reads, s.id)).permission as StoredPermission
      return isStoredPermit2(stored) ? '' : stored.granted.context
    },
  }),
  mechanism: t.string({
    description:
      'How the chain caps the charges: `erc7715` (a periodic permission, per period) or `permit2` (an allowance of the whole plan’s total).',
    resolve: async (s, _, ctx) =>
      isStoredPermit2((await findSubscription(ctx.reads, s.id)).permission) ? 'permit2' : 'erc7715',
  }),
  permit2Nonce: t.int({
    nullable: true,
    description: 'A Permit2 subscription’s permit nonce: cancelling before it was used spends it on chain.',
    resolve: async (s, _, ctx) => {
      const stored = (await findSubscription(ctx.reads, s.id)).permission
      return isStoredPermit2(stored) ? stored.permit.nonce : null
    },
  }),
  spender: t.string({
    description: 'The payee’s relayer: the only account the payer’s permission lets charge.',
    resolve: async (s, _, ctx) => (await findSubscription(ctx.reads, s.id)).permission.redeemer,
  }),
}))

const AssetMonthly = builder
  .objectRef<SubscriberFigures['monthlyByAsset'][number] & { ctx: ApiContext }>('SubscriptionMonthlyByAsset')
  .implement({
    fields: (t) => ({
      chainId: t.exposeInt('chainId'),
      symbol: t.string({ resolve: (m) => assetOf(m.ctx, m)?.symbol ?? '' }),
      amountDecimal: t.string({
        resolve: (m) => formatAmount(m.amount, assetOf(m.ctx, m)?.decimals ?? 18),
      }),
    }),
  })

const Figures = builder.objectRef<SubscriberFigures & { ctx: ApiContext }>('SubscriberFigures').implement({
  description: 'Recurring revenue per 30 days and churn over the last 30 days.',
  fields: (t) => ({
    paying: t.exposeInt('paying', { description: 'Subscriptions active or past due.' }),
    cancelledLately: t.exposeInt('cancelledLately', { description: 'Cancelled by either side in the last 30 days.' }),
    churnBasisPoints: t.exposeInt('churnBasisPoints', { nullable: true }),
    currency: t.string({ nullable: true, resolve: (f) => f.monthly?.currency.code ?? null }),
    monthlyDecimal: t.string({
      nullable: true,
      description: 'In the payee’s books currency, from each paying subscription’s last paid charge.',
      resolve: (f) => (f.monthly ? formatAmount(f.monthly.value, f.monthly.currency.minorDigits) : null),
    }),
    unvalued: t.int({
      description: 'Paying subscriptions with no charge valued in the books yet.',
      resolve: (f) => f.monthly?.unvalued ?? f.paying,
    }),
    monthlyByAsset: t.field({
      type: [AssetMonthly],
      resolve: (f) => f.monthlyByAsset.map((m) => ({ ...m, ctx: f.ctx })),
    }),
  }),
})

builder.queryFields((t) => ({
  mySubscriberFigures: t.field({
    type: Figures,
    ...runs(subscriberFiguresOf),
    resolve: async (_, __, ctx) => ({ ...(await subscriberFiguresOf(await ctx.actor(), { db: ctx.reads })), ctx }),
  }),
}))

builder.mutationFields((t) => ({
  preparePlan: t.field({
    type: PendingPlan,
    description: 'Step one: checks the plan and makes its delegate; the payee’s wallet signs the delegation next.',
    args: { input: t.arg({ type: PlanInput, required: true }) },
    ...runs(preparePlanOf),
    resolve: async (_, { input }, ctx) => {
      const { plan, key, walletSigns } = await preparePlanOf(
        await ctx.actor(),
        { db: ctx.db, assets: ctx.network.assets, delegateKeys: ctx.merchants.secrets.delegateKeys },
        { ...input, trialDays: input.trialDays ?? 0, count: input.count ?? null, endsOn: input.endsOn || null },
      )
      return {
        id: plan.id,
        payee: plan.payee,
        delegate: key.delegate,
        keyName: key.name,
        expiresAt: key.delegationExpiresAt!,
        walletSigns,
      }
    },
  }),
  changePlan: t.field({
    type: SubscriptionPlan,
    description:
      'A plan’s new charge, name or dunning days from each subscription’s next period on (the period under way keeps its terms), or archived.',
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: PlanChangeInput, required: true }) },
    ...runs(changePlanOf),
    resolve: async (_, { id, input }, ctx) => {
      const change = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
      )
      const plan = await changePlanOf(await ctx.actor(), { db: ctx.db, assets: ctx.network.assets }, { id, change })
      return publicPlan(plan, assetOf(ctx, plan), 'http://billfold.invalid')
    },
  }),
  createPlan: t.field({
    type: SubscriptionPlan,
    description:
      'Step two: with the payee’s signature of the delegation (left out for a member’s plan), payers may start the plan from its link.',
    args: { id: t.arg.string({ required: true }), delegationSignature: t.arg.string({ required: false }) },
    ...runs(createPlanOf),
    resolve: async (_, args, ctx) => {
      const plan = await createPlanOf(await ctx.actor(), { db: ctx.db, delegationClient: delegationClient(ctx) }, args)
      return publicPlan(plan, assetOf(ctx, plan), 'http://billfold.invalid')
    },
  }),
}))
