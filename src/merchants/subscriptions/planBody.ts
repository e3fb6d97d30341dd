import type { PlanChange } from './changePlan.ts'
import type { PlanInput } from './planStore.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import { bodyFields } from '../bodyFields.ts'

const FIELDS = [
  'chainId',
  'asset',
  'amount',
  'currency',
  'price',
  'tolerance',
  'name',
  'interval',
  'trialDays',
  'count',
  'endsOn',
  'dunningDays',
] as const

/** A REST body read field by field: each wrong type named, nothing guessed (a JSON number for an amount loses digits). */
export function readPlanBody(body: unknown): PlanInput {
  const { b, errors, text, integer } = bodyFields(body, '25.00')
  const dunning = dunningOf(b, errors)
  const input: PlanInput = {
    chainId: integer('chainId') ?? 0,
    asset: text('asset') ?? '',
    // A plan priced in a currency has no token amount: each charge is quoted.
    amount: text('amount', b.currency !== undefined && b.currency !== null),
    currency: text('currency', true),
    price: text('price', true),
    tolerance: text('tolerance', true),
    name: text('name') ?? '',
    interval: text('interval') ?? '',
    trialDays: integer('trialDays', true),
    count: integer('count', true),
    endsOn: text('endsOn', true),
    dunningDays: dunning ?? null,
  }
  const unknown = Object.keys(b).find((k) => !(FIELDS as readonly string[]).includes(k))
  if (unknown) errors[unknown] = `${unknown} is not a field of a plan.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return input
}

const CHANGE_FIELDS = ['amount', 'price', 'tolerance', 'name', 'dunningDays', 'archived'] as const

/** A plan's change as a REST body (`PATCH /api/v1/plans/{id}`): only the fields sent are changed. */
export function readPlanChangeBody(body: unknown): PlanChange {
  const { b, errors, text } = bodyFields(body, '25.00')
  const change: PlanChange = {}
  for (const field of ['amount', 'price', 'tolerance', 'name'] as const)
    if (b[field] !== undefined) change[field] = text(field) ?? undefined
  const dunning = dunningOf(b, errors)
  if (dunning) change.dunningDays = dunning
  if (b.archived !== undefined) {
    if (typeof b.archived === 'boolean') change.archived = b.archived
    else errors.archived = 'archived must be true or false.'
  }
  const unknown = Object.keys(b).find((k) => !(CHANGE_FIELDS as readonly string[]).includes(k))
  if (unknown) errors[unknown] = `${unknown} is not a field of a plan one may change.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return change
}

function dunningOf(b: Record<string, unknown>, errors: Record<string, string | undefined>) {
  const dunning = b.dunningDays
  if (dunning === undefined || dunning === null) return undefined
  if (Array.isArray(dunning) && dunning.every((d) => typeof d === 'number')) return dunning as number[]
  errors.dunningDays = 'dunningDays must be a list of whole numbers of days, e.g. [1, 3, 7].'
  return undefined
}
