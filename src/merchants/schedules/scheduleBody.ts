import type { ScheduleInput } from './scheduleStore.ts'
import { badInput, fieldErrors } from '../../domain/errors/input.ts'

const FIELDS = [
  'chainId',
  'asset',
  'amount',
  'payer',
  'payerEmail',
  'payerLanguage',
  'memo',
  'interval',
  'day',
  'month',
  'startsOn',
  'count',
  'dueDays',
] as const
const DEFAULT_DUE_DAYS = 14

/** A REST body read field by field: each wrong type named, nothing guessed (a JSON number for an amount loses digits). */
export function readScheduleBody(body: unknown): ScheduleInput {
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
          ? 'amount must be a string of the decimal amount, e.g. "250.00": a JSON number can lose digits.'
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
  const input = {
    chainId: integer('chainId') ?? 0,
    asset: text('asset') ?? '',
    amount: text('amount') ?? '',
    payer: text('payer', true),
    payerEmail: text('payerEmail', true),
    payerLanguage: text('payerLanguage', true),
    memo: text('memo', true) ?? '',
    interval: text('interval') ?? '',
    day: integer('day') ?? 0,
    month: integer('month', true),
    startsOn: text('startsOn') ?? '',
    count: integer('count', true),
    dueDays: integer('dueDays', true) ?? DEFAULT_DUE_DAYS,
  }
  const unknown = Object.keys(b).find((k) => !(FIELDS as readonly string[]).includes(k))
  if (unknown) errors[unknown] = `${unknown} is not a field of a schedule.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return input
}
