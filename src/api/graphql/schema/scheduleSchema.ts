import { formatAmount } from '../../../domain/amount.ts'
import { periodStart } from '../../../domain/schedule/schedulePeriods.ts'
import { scheduleState } from '../../../merchants/schedules/scheduleState.ts'
import { findPublicSchedule, periodRequests, type ScheduleRow } from '../../../merchants/schedules/scheduleStore.ts'
import {
  createScheduleOf,
  listSchedulesOf,
  pauseScheduleOf,
  prepareScheduleOf,
  readSchedulePayerEmail,
  readSchedulePeriods,
  resumeScheduleOf,
  stopScheduleOf,
} from '../../../merchants/schedules/scheduleUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { payeeOnly } from '../payeeOnly.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { delegationClient } from './apiKeySchema.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'
import { NotFoundError } from '../../../domain/errors/access.ts'

const assetOf = (ctx: ApiContext, s: ScheduleRow) =>
  ctx.network.assets.find((a) => a.chainId === s.chainId && a.address === s.asset)

/** Upcoming period starts shown to the payee (where a short month's day falls, say). */
const UPCOMING = 3

export const Schedule = builder.objectRef<ScheduleRow>('Schedule').implement({
  description:
    'Recurring requests: each period (a week, a month or a year on, from startsOn) a request on these terms, signed by the schedule’s delegate.',
  fields: (t) => ({
    id: t.exposeString('id'),
    payee: t.exposeString('payee'),
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset'),
    symbol: t.string({ resolve: (s, _, ctx) => assetOf(ctx, s)?.symbol ?? '' }),
    amount: t.string({ description: 'Base units.', resolve: (s) => String(s.amount) }),
    amountDecimal: t.string({
      resolve: (s, _, ctx) => formatAmount(BigInt(s.amount), assetOf(ctx, s)?.decimals ?? 18),
    }),
    payer: t.exposeString('payer', { nullable: true }),
    memo: t.exposeString('memo'),
    payerEmail: t.string({
      nullable: true,
      description: 'Where each period’s request is e-mailed (its payee only).',
      resolve: async (s, _, ctx) => payeeOnly(ctx, readSchedulePayerEmail, { db: ctx.reads }, { schedule: s }),
    }),
    interval: t.exposeString('interval', { description: 'week, month or year.' }),
    day: t.exposeInt('day', {
      description:
        'The weekday (1 Monday … 7 Sunday) or the day of the month (1–31; a month without it: its last day).',
    }),
    month: t.exposeInt('month', { nullable: true, description: 'For a yearly schedule: 1–12.' }),
    startsOn: t.exposeString('startsOn'),
    count: t.exposeInt('count', { nullable: true, description: 'How many periods; null: until stopped.' }),
    dueDays: t.exposeInt('dueDays'),
    state: t.string({
      description: 'awaiting_authorisation, active, paused, stopped or finished.',
      resolve: (s) => scheduleState(s),
    }),
    endedBecause: t.exposeString('endedBecause', { nullable: true }),
    issuedPeriods: t.exposeInt('nextPeriod', { description: 'Periods issued so far (or skipped while paused).' }),
    nextAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the next period starts, while the schedule runs.',
      resolve: (s) => (s.stoppedAt ? null : s.nextAt),
    }),
    upcoming: t.field({
      type: ['DateTime'],
      resolve: (s) =>
        s.stoppedAt
          ? []
          : Array.from({ length: UPCOMING }, (_, i) => s.nextPeriod + i)
              .filter((i) => s.count === null || i < s.count)
              .map((i) => periodStart(s, i)),
    }),
    linkPath: t.string({
      description: 'The stable link: always the current period’s request.',
      resolve: (s) => `/s/${s.id}`,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    periods: t.field({
      type: [PaymentRequest],
      description: 'Each period’s request, the first first (its payee only).',
      resolve: async (s, _, ctx) =>
        (await payeeOnly(ctx, readSchedulePeriods, { db: ctx.reads }, { schedule: s })) ?? [],
    }),
    currentRequest: t.field({
      type: PaymentRequest,
      nullable: true,
      description: 'The latest period’s request: what the stable link shows. Null before the first period.',
      resolve: async (s, _, ctx) => (await periodRequests(ctx.reads, [s.id])).get(s.id)?.at(-1) ?? null,
    }),
  }),
})

const PendingSchedule = builder
  .objectRef<{ schedule: ScheduleRow; delegate: string; keyName: string; expiresAt: Date; walletSigns: boolean }>(
    'PendingSchedule',
  )
  .implement({
    description:
      'A schedule waiting for the payee’s wallet to sign its delegation (EIP-712 `Delegation`), or for the member who prepared it to confirm it.',
    fields: (t) => ({
      id: t.string({ resolve: (p) => p.schedule.id }),
      payee: t.string({ resolve: (p) => p.schedule.payee }),
      delegate: t.exposeString('delegate'),
      keyName: t.exposeString('keyName'),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
      walletSigns: t.exposeBoolean('walletSigns', {
        description:
          'Whether the payee’s wallet signs the delegation next; false for a member’s, signed by the members’ delegate the owner authorised (then step two takes no signature).',
      }),
      firstPeriodAt: t.field({ type: 'DateTime', resolve: (p) => p.schedule.nextAt }),
    }),
  })

const ScheduleInput = builder.inputType('ScheduleInput', {
  fields: (t) => ({
    chainId: t.int({ required: true }),
    asset: t.string({ required: true }),
    amount: t.string({ required: true, description: 'Each period’s amount, a decimal in the asset’s units.' }),
    payer: t.string({ required: false }),
    payerEmail: t.string({ required: false, description: 'Where each period’s request is sent, when e-mail is on.' }),
    payerLanguage: t.string({
      required: false,
      description: 'The language of those e-mails (en, es, de, fr, pt-BR, ja).',
    }),
    memo: t.string({ required: true }),
    interval: t.string({ required: true, description: 'week, month or year.' }),
    day: t.int({ required: true }),
    month: t.int({ required: false }),
    startsOn: t.string({ required: true, description: 'YYYY-MM-DD (UTC), today or later.' }),
    count: t.int({ required: false, description: 'How many periods; leave out for until stopped.' }),
    dueDays: t.int({ required: false, description: 'Days each request stays payable; 14 by default.' }),
  }),
})

const DEFAULT_DUE_DAYS = 14

const change = (useCase: typeof pauseScheduleOf, description: string) =>
  builder.mutationField(useCase.rule.action, (t) =>
    t.field({
      type: Schedule,
      description,
      args: { id: t.arg.string({ required: true }) },
      ...runs(useCase),
      resolve: async (_, args, ctx) => useCase(await ctx.actor(), { db: ctx.db }, args),
    }),
  )
change(pauseScheduleOf, 'No period is issued while paused; periods that begin meanwhile are skipped.')
change(resumeScheduleOf, 'Issues again from the next period to begin.')
change(stopScheduleOf, 'Stops for good; the requests issued stay payable.')

/** What issues a schedule's periods, as this server's issuer does: its delegates sign each request. */
export const scheduleIssuerOf = (ctx: ApiContext) => ({
  db: ctx.db,
  signAsDelegate: ctx.merchants.secrets.signAsDelegate,
  assets: ctx.network.assets,
  client: (chainId: number) => ctx.network.clients.get(chainId),
})

builder.queryFields((t) => ({
  mySchedules: t.field({
    type: [Schedule],
    description: "The signed-in payee's schedules, newest first.",
    ...runs(listSchedulesOf),
    resolve: async (_, __, ctx) => listSchedulesOf(await ctx.actor(), { db: ctx.reads }),
  }),
  schedule: t.field({
    type: Schedule,
    description: 'A schedule by id: public, for its stable link.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => {
      const found = await findPublicSchedule(ctx.reads, id)
      if (!found)
        throw new NotFoundError({
          field: 'id',
          shortMessage: 'There is no schedule with this id. Check the link.',
        })
      return found
    },
  }),
}))

builder.mutationFields((t) => ({
  prepareSchedule: t.field({
    type: PendingSchedule,
    description: 'Step one: checks the schedule and makes its delegate; the payee’s wallet signs the delegation next.',
    args: { input: t.arg({ type: ScheduleInput, required: true }) },
    ...runs(prepareScheduleOf),
    resolve: async (_, { input }, ctx) => {
      const { schedule, key, walletSigns } = await prepareScheduleOf(
        await ctx.actor(),
        { db: ctx.db, delegateKeys: ctx.merchants.secrets.delegateKeys, assets: ctx.network.assets },
        {
          ...input,
          payer: input.payer ?? null,
          payerEmail: input.payerEmail ?? null,
          payerLanguage: input.payerLanguage ?? null,
          month: input.month ?? null,
          count: input.count ?? null,
          dueDays: input.dueDays ?? DEFAULT_DUE_DAYS,
        },
      )
      return { schedule, delegate: key.delegate, keyName: key.name, expiresAt: key.delegationExpiresAt, walletSigns }
    },
  }),
  createSchedule: t.field({
    type: Schedule,
    description:
      'Step two: with the payee’s signature of the delegation (left out for a member’s schedule), the schedule runs.',
    args: { id: t.arg.string({ required: true }), delegationSignature: t.arg.string({ required: false }) },
    ...runs(createScheduleOf),
    resolve: async (_, args, ctx) =>
      createScheduleOf(await ctx.actor(), { ...scheduleIssuerOf(ctx), delegationClient: delegationClient(ctx) }, args),
  }),
}))
