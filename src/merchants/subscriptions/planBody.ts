import type { PlanInput } from './planStore.ts'
import { badInput, fieldErrors } from '../../domain/errors/input.ts'

const FIELDS = [
  'chainId',
  'asset',
  'amount',
  'name',
  'interval',
  'trialDays',
  'count',
  'endsOn',
  'dunningDays',
] as const

/** A REST body read field by field: each wrong type named, nothing guessed (a JSON number for an amount loses digits). */
export function readPlanBody(body: unknown): PlanInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('body', 'must be a JSON object.')
  const b = body as Record<string, unknown>
  const errors: Record<string, string | undefined> = {}
  const text = (field: string, optional = false) => {
    const value = b[field]
    if (value === undefined || value === null) {
      if (!optional) errors[field] = `${field} is required.`
      return null
    }
    if (typeof value !== 'string')
      errors[field] =
        field === 'amount'
          ? 'amount must be a string of the decimal amount, e.g. "25.00": a JSON number can lose digits.'
          : `${field} must be a string.`
    return typeof value === 'string' ? value : null
  }
  const integer = (field: string, optional = false) => {
    const value = b[field]
    if (value === undefined || value === null) {
      if (!optional) errors[field] = `${field} is required.`
      return null
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) errors[field] = `${field} must be a whole number.`
    return typeof value === 'number' ? value : null
  }
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
    amount: text('amount') ?? '',
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
