import { getAddress, isAddress } from 'viem'
import { NATIVE_ASSET, type PaymentStatus } from '../domain/paymentRequest.ts'
import { deceptiveTextProblem } from '../domain/displayText.ts'
import { isStorableInstant } from '../domain/instant.ts'
import { isPaymentRequestId } from './repository/paymentRequests.ts'
import { BadUserInputError, badInput } from '../domain/errors/input.ts'

/** Which of a payee's requests to list, total or export. Every part is optional. */
export type RequestFilter = {
  statuses?: readonly PaymentStatus[]
  chainId?: number
  /** "native" or a checksummed token address. */
  asset?: string
  /** Requests created at or after this instant; payments received at or after it, for totals. */
  from?: Date
  /** Before this instant (exclusive). */
  to?: Date
  /** Words the memo contains, any case. */
  search?: string
}

export type RawRequestFilter = {
  statuses?: readonly string[] | null
  chainId?: number | null
  asset?: string | null
  from?: Date | null
  to?: Date | null
  search?: string | null
}

/** Chain ids are stored as PostgreSQL integers. */
const MAX_CHAIN_ID = 2 ** 31 - 1

export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'open',
  'pending',
  'paid',
  'partially_paid',
  'overpaid',
  'expired',
  'cancelled',
]

/** Checks a filter from the API or an export link; throws BAD_USER_INPUT naming the field. */
export function checkRequestFilter(raw: RawRequestFilter): RequestFilter {
  const filter: RequestFilter = {}
  if (raw.statuses?.length) {
    const unknown = raw.statuses.find((s) => !PAYMENT_STATUSES.includes(s as PaymentStatus))
    if (unknown !== undefined)
      throw badInput('statuses', `has "${unknown}", which is not a status (${PAYMENT_STATUSES.join(', ')}).`)
    filter.statuses = raw.statuses as PaymentStatus[]
  }
  if (raw.chainId != null) {
    if (!Number.isSafeInteger(raw.chainId) || raw.chainId < 1 || raw.chainId > MAX_CHAIN_ID)
      throw badInput('chainId', `must be a chain id from 1 to ${MAX_CHAIN_ID}.`)
    filter.chainId = raw.chainId
  }
  if (raw.asset != null && raw.asset !== '') {
    if (raw.asset !== NATIVE_ASSET && !isAddress(raw.asset, { strict: false }))
      throw badInput('asset', 'must be "native" or a token address.')
    filter.asset = raw.asset === NATIVE_ASSET ? NATIVE_ASSET : getAddress(raw.asset)
  }
  for (const name of ['from', 'to'] as const) {
    const date = raw[name]
    if (!date) continue
    if (!isStorableInstant(date)) throw badInput(name, 'must be a date between the years 1970 and 9999.')
    filter[name] = date
  }
  if (filter.from && filter.to && filter.from.getTime() >= filter.to.getTime())
    throw new BadUserInputError({
      field: 'to',
      shortMessage: 'to must be after from: the date range is empty.',
    })
  const search = raw.search?.trim()
  if (search) {
    if ([...search].length > 100) throw badInput('search', 'must be at most 100 characters.')
    const problem = deceptiveTextProblem('search', search)
    if (problem) throw new BadUserInputError({ field: 'search', shortMessage: problem })
    filter.search = search
  }
  return filter
}

/** A page position: the last row's creation time and id, opaque to clients. */
export type Cursor = { createdAt: Date; id: string }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url')
}

export function decodeCursor(value: string): Cursor {
  const invalid = () => badInput('after', 'is not a cursor this API gave out: start again from the first page.')
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string')
    throw invalid()
  const createdAt = new Date(parsed[0])
  if (Number.isNaN(createdAt.getTime()) || !isPaymentRequestId(parsed[1])) throw invalid()
  return { createdAt, id: parsed[1] }
}
