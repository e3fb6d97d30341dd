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
  const dunning = b.dunningDays
  if (
    dunning !== undefined &&
    dunning !== null &&
    !(Array.isArray(dunning) && dunning.every((d) => typeof d === 'number'))
  )
    errors.dunningDays = 'dunningDays must be a list of whole numbers of days, e.g. [1, 3, 7].'
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
    dunningDays: Array.isArray(dunning) ? (dunning as number[]) : null,
  }
  const unknown = Object.keys(b).find((k) => !(FIELDS as readonly string[]).includes(k))
  if (unknown) errors[unknown] = `${unknown} is not a field of a plan.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return input
}
