import type { ScheduleInput } from './scheduleStore.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import { bodyFields } from '../bodyFields.ts'

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
  const { b, errors, text, integer } = bodyFields(body, '250.00')
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
