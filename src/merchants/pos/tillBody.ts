import type { TillDraft } from '../../domain/pos/tillDraft.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import { bodyFields } from '../bodyFields.ts'

const FIELDS = ['name', 'chainId', 'asset', 'currency', 'items', 'tips'] as const

/** A till as a shop's server sends it over REST, read as the Tills page's form is: prices and tips are strings. */
export function readTillBody(body: unknown): TillDraft {
  const { b, errors, text, integer } = bodyFields(body, '3.50')
  const items = b.items ?? []
  if (
    !Array.isArray(items) ||
    items.some((i) => typeof i !== 'object' || typeof i?.name !== 'string' || typeof i?.price !== 'string')
  )
    errors.items = 'items must be a list of {"name": "Coffee", "price": "3.50"}, prices as strings.'
  const tips = b.tips ?? []
  if (!Array.isArray(tips) || tips.some((t) => typeof t !== 'string'))
    errors.tips = 'tips must be a list of percentages as strings, e.g. ["10", "15"].'
  const draft = {
    name: text('name') ?? '',
    chainId: integer('chainId') ?? 0,
    asset: text('asset') ?? '',
    currency: text('currency', true),
    items: Array.isArray(items) ? (items as TillDraft['items']) : [],
    tips: Array.isArray(tips) ? (tips as string[]) : [],
  }
  const unknown = Object.keys(b).find((k) => !(FIELDS as readonly string[]).includes(k))
  if (unknown) errors[unknown] = `${unknown} is not a field of a till.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return draft
}
