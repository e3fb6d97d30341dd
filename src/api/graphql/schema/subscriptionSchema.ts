import { getAddress, isAddress } from 'viem'
import { permitSingleTypedData } from '../../../domain/permit2/permit2.ts'
import { askedPermit, readPermit2Allowance } from '../../../payments/subscriptions/permit2/permit2Grant.ts'
import { executionPermissionRequest } from '../../../domain/periodicPermission/executionPermission.ts'
import { findOpenPlan, type PlanRow } from '../../../merchants/subscriptions/planStore.ts'
import { publicPlan, publicSubscription } from '../../../merchants/subscriptions/publicSubscription.ts'
import { askedPermission, askedPermit2 } from '../../../merchants/subscriptions/subscriptionPermissions.ts'
import {
  cancelByPayer,
  chargesOf,
  findSubscription,
  planTerms,
  startSubscription,
  type SubscriptionRow,
} from '../../../merchants/subscriptions/subscriptionStore.ts'
import {
  changeSubscriberOf,
  listPlansOf,
  listSubscribersOf,
} from '../../../merchants/subscriptions/subscriptionUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { NotFoundError } from '../../../domain/errors/access.ts'
import { badInput } from '../../../domain/errors/input.ts'

/** GraphQL answers the browser, which links by id (`/plans/<id>`, `/pay/<requestId>`): the views' absolute links are left out. */
const PATHS_ONLY = 'http://billfold.invalid'

type PlanView = ReturnType<typeof publicPlan>
type SubscriptionView = ReturnType<typeof publicSubscription>
type ChargeView = SubscriptionView['charges'][number]

const assetOf = (ctx: ApiContext, row: { chainId: number; asset: string }) =>
  ctx.network.assets.find((a) => a.chainId === row.chainId && a.address === row.asset)
const planView = (ctx: ApiContext, row: PlanRow) => publicPlan(row, assetOf(ctx, row), PATHS_ONLY)
const subscriptionViews = async (ctx: ApiContext, rows: readonly SubscriptionRow[]) => {
  const charges = await chargesOf(
    ctx.db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => publicSubscription(r, assetOf(ctx, r), charges.get(r.id) ?? [], PATHS_ONLY))
}

export const SubscriptionPlan = builder.objectRef<PlanView>('SubscriptionPlan').implement({
  description: 'A plan a payer subscribes to from its link: a token amount each period.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset'),
    symbol: t.exposeString('symbol'),
    amount: t.exposeString('amount', { description: 'Base units, each period.' }),
    amountDecimal: t.exposeString('amountDecimal'),
    decimals: t.exposeInt('decimals'),
    currency: t.exposeString('currency', { nullable: true, description: 'A priced plan’s currency (ISO 4217).' }),
    price: t.exposeString('price', {
      nullable: true,
      description:
        'A priced plan’s price per period in minor units of its currency, quoted in the token at each charge.',
    }),
    interval: t.exposeString('interval', { description: 'week, month (30 days) or year (365 days).' }),
    trialDays: t.exposeInt('trialDays'),
    count: t.exposeInt('count', { nullable: true }),
    endsOn: t.exposeString('endsOn', { nullable: true }),
  }),
})

export const SubscriptionCharge = builder.objectRef<ChargeView>('SubscriptionCharge').implement({
  fields: (t) => ({
    period: t.exposeInt('period', { description: '1 for the first.' }),
    periodStart: t.exposeString('periodStart'),
    amountDecimal: t.exposeString('amountDecimal'),
    state: t.exposeString('state', { description: 'due, charging, sent, paid, past_due, given_up or cancelled.' }),
    attempts: t.exposeInt('attempts'),
    nextTryAt: t.exposeString('nextTryAt', { nullable: true }),
    reasonCode: t.exposeString('reasonCode', {
      nullable: true,
      description:
        'Why the last try could not charge: balance_too_low, permission_revoked, above_cap, … (see the docs).',
    }),
    reasonDetails: t.string({
      nullable: true,
      description: 'The chain’s or the relayer’s own diagnostic, in English, when there is one.',
      resolve: (c) => c.reasonParams?.details ?? null,
    }),
    reason: t.exposeString('reason', { nullable: true, description: 'The reason as an English sentence.' }),
    requestId: t.exposeString('requestId', {
      description: 'The period’s request, which the charge pays.',
    }),
    payRequestId: t.exposeString('payRequestId', {
      description:
        'The request to pay by hand when past due: the period’s own, or for a priced plan a priced request quoted when the payer pays.',
    }),
  }),
})

export const Subscription = builder.objectRef<SubscriptionView>('PlanSubscription').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    planId: t.exposeString('planId'),
    payee: t.exposeString('payee'),
    payer: t.exposeString('payer'),
    state: t.exposeString('state', {
      description: 'active, past_due, paused, cancelled_by_payer, cancelled_by_payee or ended.',
    }),
    symbol: t.exposeString('symbol'),
    periodCapDecimal: t.exposeString('periodCapDecimal'),
    interval: t.exposeString('interval'),
    nextChargeAt: t.exposeString('nextChargeAt', { nullable: true }),
    charges: t.field({ type: [SubscriptionCharge], resolve: (s) => s.charges }),
  }),
})

export async function openPlan(ctx: ApiContext, id: string): Promise<PlanRow> {
  const plan = await findOpenPlan(ctx.db, id)
  if (!plan)
    throw new NotFoundError({ field: 'planId', shortMessage: 'There is no plan with this id. Check the link.' })
  return plan
}

builder.queryFields((t) => ({
  subscriptionPlan: t.field({
    type: SubscriptionPlan,
    description: 'A plan by id: public, for its link.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => planView(ctx, await openPlan(ctx, id)),
  }),
  subscriptionPermissionRequest: t.string({
    description:
      'The ERC-7715 `wallet_requestExecutionPermissions` request (JSON) that starting this plan at startTime (unix seconds) asks the wallet for.',
    args: { planId: t.arg.string({ required: true }), startTime: t.arg.int({ required: true }) },
    resolve: async (_, { planId, startTime }, ctx) => {
      const plan = await openPlan(ctx, planId)
      const terms = await planTerms(ctx.db, plan, new Date(startTime * 1000), ctx.quotes)
      const request = executionPermissionRequest(askedPermission(terms), plan.chainId, plan.name)
      return JSON.stringify(request)
    },
  }),
  subscriptionPermit2Request: t.string({
    description:
      'The Permit2 PermitSingle (EIP-712 typed data, JSON, numbers as decimal strings) that starting this plan at startTime asks `payer` to sign: the plan’s total (the per-period cap times the periods) to the payee’s relayer until the end, at the payer’s next Permit2 nonce.',
    args: {
      planId: t.arg.string({ required: true }),
      startTime: t.arg.int({ required: true }),
      payer: t.arg.string({ required: true }),
    },
    resolve: async (_, { planId, startTime, payer }, ctx) => {
      if (!isAddress(payer)) throw badInput('payer', 'must be an address.')
      const plan = await openPlan(ctx, planId)
      const client = ctx.network.clients.get(plan.chainId)
      if (!client) throw badInput('planId', 'is on a chain this Billfold does not watch.')
      const ask = askedPermit2(await planTerms(ctx.db, plan, new Date(startTime * 1000), ctx.quotes))
      const { nonce } = await readPermit2Allowance(client, getAddress(payer), ask.token, ask.spender)
      const typedData = permitSingleTypedData(askedPermit(ask, nonce), plan.chainId)
      return JSON.stringify({ typedData, total: String(ask.total) }, (_, v) => (typeof v === 'bigint' ? String(v) : v))
    },
  }),
  planSubscription: t.field({
    type: Subscription,
    description: 'A subscription by id: its payer’s page.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => (await subscriptionViews(ctx, [await findSubscription(ctx.db, id)]))[0]!,
  }),
  myPlans: t.field({
    type: [SubscriptionPlan],
    ...runs(listPlansOf),
    resolve: async (_, __, ctx) =>
      (await listPlansOf(await ctx.actor(), { db: ctx.reads })).map((p) => planView(ctx, p)),
  }),
  mySubscribers: t.field({
    type: [Subscription],
    args: { planId: t.arg.string() },
    ...runs(listSubscribersOf),
    resolve: async (_, { planId }, ctx) =>
      subscriptionViews(
        ctx,
        await listSubscribersOf(await ctx.actor(), { db: ctx.reads }, { planId: planId ?? undefined }),
      ),
  }),
}))

builder.mutationFields((t) => ({
  startSubscription: t.field({
    type: Subscription,
    description: 'The payer starts a plan with the permission their wallet granted (its answer, as JSON).',
    args: {
      planId: t.arg.string({ required: true }),
      permission: t.arg.string({ required: true }),
      startTime: t.arg.int({ required: true }),
      payerEmail: t.arg.string(),
      payerLanguage: t.arg.string(),
    },
    resolve: async (_, args, ctx) => {
      let permission: unknown
      try {
        permission = JSON.parse(args.permission)
      } catch {
        throw badInput('permission', 'must be the wallet’s answer as JSON.')
      }
      const plan = await openPlan(ctx, args.planId)
      const started = await startSubscription(
        ctx.db,
        plan,
        {
          permission,
          startTime: args.startTime,
          payerEmail: args.payerEmail ?? null,
          payerLanguage: args.payerLanguage ?? null,
        },
        new Date(),
        ctx.quotes,
        ctx.network.clients.get(plan.chainId),
      )
      return (await subscriptionViews(ctx, [started]))[0]!
    },
  }),
  cancelSubscriptionAsPayer: t.field({
    type: Subscription,
    description:
      'After the payer’s wallet revoked the permission on chain: the chain is checked, then it is cancelled.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => {
      const row = await findSubscription(ctx.db, id)
      const client = ctx.network.clients.get(row.chainId)
      if (!client) throw badInput('id', 'is on a chain this Billfold does not watch.')
      return (await subscriptionViews(ctx, [await cancelByPayer(ctx.db, client, id)]))[0]!
    },
  }),
  changeSubscriber: t.field({
    type: Subscription,
    description: 'The payee cancels, pauses or resumes a subscription.',
    args: { id: t.arg.string({ required: true }), change: t.arg.string({ required: true }) },
    ...runs(changeSubscriberOf),
    resolve: async (_, args, ctx) =>
      (await subscriptionViews(ctx, [await changeSubscriberOf(await ctx.actor(), { db: ctx.db }, args)]))[0]!,
  }),
}))
