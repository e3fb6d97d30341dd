import { fieldErrors } from '../../domain/errors/input.ts'
import { bodyFields } from '../bodyFields.ts'
import type { SaleInput } from './chargeSale.ts'

const FIELDS = ['amount', 'tipBps', 'tip'] as const

/** A sale as a shop's server sends it over REST, read field by field as the keypad's is. */
export function readSaleBody(body: unknown): SaleInput {
  const { b, errors, text, integer } = bodyFields(body, '12.50')
  const input = { amount: text('amount') ?? '', tipBps: integer('tipBps', true), tip: text('tip', true) }
  if (input.tipBps !== null && input.tip !== null) errors.tip = 'Send tipBps or tip, not both.'
  const unknown = Object.keys(b).find((k) => !(FIELDS as readonly string[]).includes(k))
  if (unknown) errors[unknown] = `${unknown} is not a field of a sale.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return input
}
