import { readPlanBody, readPlanChangeBody } from '../../merchants/subscriptions/planBody.ts'
import type { PlanRow } from '../../merchants/subscriptions/planStore.ts'
import { publicPlan, publicSubscription } from '../../merchants/subscriptions/publicSubscription.ts'
import { chargesOf, type SubscriptionRow } from '../../merchants/subscriptions/subscriptionStore.ts'
import {
  changePlanOf,
  changeSubscriberOf,
  createKeyPlanOf,
  listPlansOf,
  listSubscribersOf,
  readPlanOf,
  readSubscriberOf,
} from '../../merchants/subscriptions/subscriptionUseCases.ts'
import { writeCsvPages } from '../exports/csvPages.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'

const CSV_COLUMNS = [
  'id',
  'plan_id',
  'payer',
  'state',
  'chain_id',
  'symbol',
  'period_cap',
  'next_charge_at',
  'periods_paid',
  'periods_past_due',
  'created_at',
] as const

/**
 * `/api/v1/plans` and `/api/v1/subscriptions`: plans signed for by the key's delegate, made, listed,
 * repriced (from each subscription's next period) and archived; the subscribers, each with its
 * periods, cancelled, paused or resumed by the payee, and exported as CSV.
 */
export function subscriptionRoutes(options: RestApiOptions): RestRoute[] {
  const { db, publicUrl } = options
  const assetOf = (row: { chainId: number; asset: string }) =>
    options.assets.find((a) => a.chainId === row.chainId && a.address === row.asset)
  const plan = (row: PlanRow) => publicPlan(row, assetOf(row), publicUrl)
  const show = async (rows: readonly SubscriptionRow[]) => {
    const charges = await chargesOf(
      db,
      rows.map((r) => r.id),
    )
    return rows.map((row) => publicSubscription(row, assetOf(row), charges.get(row.id) ?? [], publicUrl))
  }
  const planServices = { db, assets: options.assets }

  async function createPlan({ req, res, key, actor }: RestContext) {
    const { json } = await readJson(req)
    const row = await createKeyPlanOf(actor, planServices, { key, input: readPlanBody(json) })
    sendJson(res, 201, plan(row), { location: `/api/v1/plans/${row.id}` })
  }
  async function updatePlan({ req, res, actor }: RestContext, id: string) {
    const { json } = await readJson(req)
    sendJson(res, 200, plan(await changePlanOf(actor, planServices, { id, change: readPlanChangeBody(json) })))
  }
  async function subscribersCsv({ res, actor }: RestContext) {
    const rows = await listSubscribersOf(actor, { db }, {})
    const charges = await chargesOf(
      db,
      rows.map((r) => r.id),
    )
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="subscribers.csv"',
    })
    await writeCsvPages(res, CSV_COLUMNS, rows, (s) => ({
      id: s.id,
      plan_id: s.planId,
      payer: s.payer,
      state: s.state,
      chain_id: s.chainId,
      symbol: assetOf(s)?.symbol ?? '',
      period_cap: publicSubscription(s, assetOf(s), [], publicUrl).periodCapDecimal,
      next_charge_at: s.nextAt.toISOString(),
      periods_paid: (charges.get(s.id) ?? []).filter((c) => c.state === 'paid').length,
      periods_past_due: (charges.get(s.id) ?? []).filter((c) => c.state === 'past_due' || c.state === 'given_up')
        .length,
      created_at: s.createdAt.toISOString(),
    }))
  }
  const changing =
    (change: 'cancel' | 'pause' | 'resume') =>
    async ({ res, actor }: RestContext, id: string) => {
      const [shown] = await show([await changeSubscriberOf(actor, { db }, { id, change })])
      sendJson(res, 200, shown)
    }
  return [
    ['POST', /^\/api\/v1\/plans$/, createKeyPlanOf, createPlan],
    [
      'GET',
      /^\/api\/v1\/plans$/,
      listPlansOf,
      async ({ res, actor }) => sendJson(res, 200, { data: (await listPlansOf(actor, { db })).map(plan) }),
    ],
    [
      'GET',
      /^\/api\/v1\/plans\/([^/]+)$/,
      readPlanOf,
      async ({ res, actor }, id) => sendJson(res, 200, plan(await readPlanOf(actor, { db }, { id }))),
    ],
    ['PATCH', /^\/api\/v1\/plans\/([^/]+)$/, changePlanOf, updatePlan],
    [
      'GET',
      /^\/api\/v1\/subscriptions$/,
      listSubscribersOf,
      async ({ res, actor }) => sendJson(res, 200, { data: await show(await listSubscribersOf(actor, { db }, {})) }),
    ],
    ['GET', /^\/api\/v1\/subscriptions\.csv$/, listSubscribersOf, subscribersCsv],
    [
      'GET',
      /^\/api\/v1\/subscriptions\/([^/.]+)$/,
      readSubscriberOf,
      async ({ res, actor }, id) =>
        sendJson(res, 200, (await show([await readSubscriberOf(actor, { db }, { id })]))[0]),
    ],
    ['POST', /^\/api\/v1\/subscriptions\/([^/]+)\/cancel$/, changeSubscriberOf, changing('cancel')],
    ['POST', /^\/api\/v1\/subscriptions\/([^/]+)\/pause$/, changeSubscriberOf, changing('pause')],
    ['POST', /^\/api\/v1\/subscriptions\/([^/]+)\/resume$/, changeSubscriberOf, changing('resume')],
  ]
}
