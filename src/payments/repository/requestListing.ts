import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments, paymentValues, requestChains } from '../../db/schema.ts'
import type { PaymentStatus } from '../../domain/paymentRequest.ts'
import type { PaymentRequestRow } from './paymentRequests.ts'
import { encodeCursor, type Cursor, type RequestFilter } from '../requestFilter.ts'

/** `%`, `_` and `\` are literal in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The filter's conditions on requests; `withCreated` applies its date range to their creation.
 * Quotes' own requests are a priced request's way to be paid, not requests of the payee's: left out
 * unless `withQuotes` (what was received in tokens counts, whatever it paid).
 */
export function requestConditions(
  payee: string,
  filter: RequestFilter,
  { withCreated, withQuotes = false }: { withCreated: boolean; withQuotes?: boolean },
): SQL {
  const conditions: SQL[] = [eq(paymentRequests.payee, payee)]
  if (!withQuotes) conditions.push(isNull(paymentRequests.pricedRequestId))
  if (filter.statuses) conditions.push(inArray(paymentRequests.status, [...filter.statuses]))
  if (filter.chainId !== undefined) conditions.push(eq(paymentRequests.chainId, filter.chainId))
  if (filter.asset) conditions.push(eq(paymentRequests.asset, filter.asset))
  // The same as `memo ilike`: PostgreSQL folds both sides with lower() in a UTF-8 database.
  if (filter.search) conditions.push(sql`${paymentRequests.memoFolded} like lower(${likePattern(filter.search)})`)
  if (withCreated && filter.from) conditions.push(gte(paymentRequests.createdAt, filter.from))
  if (withCreated && filter.to) conditions.push(lt(paymentRequests.createdAt, filter.to))
  return and(...conditions)!
}

/** The query of one page, one row more than asked: that row tells whether a next page exists. */
export function requestPageQuery(
  db: Db,
  payee: string,
  filter: RequestFilter,
  { first, after }: { first: number; after?: Cursor },
) {
  const conditions = [requestConditions(payee, filter, { withCreated: true })]
  // A row comparison, which the (payee, created_at, id) index answers directly at any depth.
  if (after)
    conditions.push(
      sql`(${paymentRequests.createdAt}, ${paymentRequests.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
    )
  return db
    .select()
    .from(paymentRequests)
    .where(and(...conditions))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(first + 1)
}

/** A payee's requests, newest first, one page after `after`. */
export async function listRequestPage(
  db: Db,
  payee: string,
  filter: RequestFilter,
  page: { first: number; after?: Cursor },
): Promise<{ items: PaymentRequestRow[]; nextCursor: string | null }> {
  const rows = await requestPageQuery(db, payee, filter, page)
  const items = rows.slice(0, page.first)
  const last = items.at(-1)
  return { items, nextCursor: rows.length > page.first && last ? encodeCursor(last) : null }
}

export type AssetTotal = {
  chainId: number
  asset: string
  symbol: string
  decimals: number
  received: bigint
  payments: number
}

const paymentsInRange = (filter: RequestFilter): SQL[] => [
  ...(filter.from ? [gte(payments.blockTime, filter.from)] : []),
  ...(filter.to ? [lt(payments.blockTime, filter.to)] : []),
]

/** The chain a payment arrived on, and its request's token at that chain's address (a request of several chains lists each). */
const paidChain = payments.chainId
const paidAsset = sql<string>`coalesce(${requestChains.asset}, ${paymentRequests.asset})`
const assetColumns = [paidChain, paidAsset, paymentRequests.symbol, paymentRequests.decimals] as const

/** Sums of the payments in the date range to the payee's requests matching the rest of the filter, per chain paid on, asset and `by`. */
async function sumReceived(db: Db, payee: string, filter: RequestFilter, by: { day?: SQL<string> }) {
  const rows = await db
    .select({
      day: by.day ?? sql<string>`''`,
      chainId: paidChain,
      asset: paidAsset,
      symbol: paymentRequests.symbol,
      decimals: paymentRequests.decimals,
      received: sql<string>`sum(${payments.amount})::text`,
      payments: sql<number>`count(*)::int`,
    })
    .from(payments)
    .innerJoin(paymentRequests, eq(payments.requestId, paymentRequests.id))
    .leftJoin(requestChains, and(eq(requestChains.requestId, payments.requestId), eq(requestChains.chainId, paidChain)))
    .where(and(requestConditions(payee, filter, { withCreated: false, withQuotes: true }), ...paymentsInRange(filter)))
    .groupBy(...(by.day ? [by.day] : []), ...assetColumns)
    .orderBy(...(by.day ? [asc(by.day)] : []), asc(paidChain), asc(paymentRequests.symbol))
  return rows.map((r) => ({ ...r, received: BigInt(r.received), payments: Number(r.payments) }))
}

/** What the payee received per chain and asset: payments in the date range, to requests matching the rest of the filter. */
export async function receivedTotals(db: Db, payee: string, filter: RequestFilter): Promise<AssetTotal[]> {
  return (await sumReceived(db, payee, filter, {})).map(({ day: _, ...total }) => total)
}

export type OutstandingTotal = {
  chainId: number
  asset: string
  symbol: string
  decimals: number
  outstanding: bigint
  requests: number
}

/**
 * What is still owed per asset: requests that can still be paid (open, partially paid, being
 * confirmed) created in the range, less what they have received.
 */
export async function outstandingTotals(db: Db, payee: string, filter: RequestFilter): Promise<OutstandingTotal[]> {
  const payable = filter.statuses ? filter.statuses.filter((s) => PAYABLE.includes(s)) : PAYABLE
  if (payable.length === 0) return []
  const rows = await db
    .select({
      chainId: paymentRequests.chainId,
      asset: paymentRequests.asset,
      symbol: paymentRequests.symbol,
      decimals: paymentRequests.decimals,
      outstanding: sql<string>`sum(greatest(${paymentRequests.amount} - ${paymentRequests.received}, 0))::text`,
      requests: sql<number>`count(*)::int`,
    })
    .from(paymentRequests)
    .where(and(requestConditions(payee, { ...filter, statuses: payable }, { withCreated: true })))
    .groupBy(paymentRequests.chainId, paymentRequests.asset, paymentRequests.symbol, paymentRequests.decimals)
    .orderBy(asc(paymentRequests.chainId), asc(paymentRequests.symbol))
  return rows.map((r) => ({ ...r, outstanding: BigInt(r.outstanding), requests: Number(r.requests) }))
}

const PAYABLE: readonly PaymentStatus[] = ['open', 'pending', 'partially_paid']

export type DailyReceived = AssetTotal & { day: string }

/**
 * What the payments of `receivedTotals` came to in the payee's books currency, each at the value
 * kept for its present block; how many are not valued yet (moments after they arrive).
 */
export async function receivedInCurrency(db: Db, payee: string, filter: RequestFilter, currency: string) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${paymentValues.value}), 0)::text`,
      payments: sql<number>`count(*)::int`,
      unvalued: sql<number>`count(*) filter (where ${paymentValues.value} is null)::int`,
    })
    .from(payments)
    .innerJoin(paymentRequests, eq(payments.requestId, paymentRequests.id))
    .leftJoin(paymentValues, valueAtPresentBlock(currency))
    .where(and(requestConditions(payee, filter, { withCreated: false, withQuotes: true }), ...paymentsInRange(filter)))
  return { total: BigInt(row?.total ?? 0), payments: Number(row?.payments ?? 0), unvalued: Number(row?.unvalued ?? 0) }
}

/** A payment's value in `currency` kept for the block it is in now (a reorg's move leaves older ones aside). */
export const valueAtPresentBlock = (currency: string) =>
  sql`${paymentValues.chainId} = ${payments.chainId} and ${paymentValues.txHash} = ${payments.txHash}
    and ${paymentValues.logIndex} = ${payments.logIndex} and ${paymentValues.blockHash} = ${payments.blockHash}
    and ${paymentValues.currency} = ${currency}`

/**
 * What the payments of `receivedByDay` came to per UTC day in the payee's books currency, as one
 * more series for the chart (its asset the currency's code, its chain 0: it is no chain's).
 */
export async function receivedInCurrencyByDay(
  db: Db,
  payee: string,
  filter: RequestFilter,
  currency: { code: string; minorDigits: number },
): Promise<DailyReceived[]> {
  const day = sql<string>`to_char(date_trunc('day', ${payments.blockTime} at time zone 'UTC'), 'YYYY-MM-DD')`
  const rows = await db
    .select({
      day,
      received: sql<string>`coalesce(sum(${paymentValues.value}), 0)::text`,
      payments: sql<number>`count(${paymentValues.value})::int`,
    })
    .from(payments)
    .innerJoin(paymentRequests, eq(payments.requestId, paymentRequests.id))
    .innerJoin(paymentValues, valueAtPresentBlock(currency.code))
    .where(and(requestConditions(payee, filter, { withCreated: false, withQuotes: true }), ...paymentsInRange(filter)))
    .groupBy(day)
    .orderBy(asc(day))
  return rows.map((r) => ({
    day: r.day,
    chainId: 0,
    asset: currency.code,
    symbol: currency.code,
    decimals: currency.minorDigits,
    received: BigInt(r.received),
    payments: Number(r.payments),
  }))
}

/** The same, per UTC day, for the chart. */
export function receivedByDay(db: Db, payee: string, filter: RequestFilter): Promise<DailyReceived[]> {
  return sumReceived(db, payee, filter, {
    day: sql<string>`to_char(date_trunc('day', ${payments.blockTime} at time zone 'UTC'), 'YYYY-MM-DD')`,
  })
}

/**
 * Every payment to the payee's matching requests (created in the range), oldest first, for the CSV
 * export, with its value in the payee's books currency when they keep one.
 */
export async function paymentsForExport(db: Db, payee: string, filter: RequestFilter, currency: string | undefined) {
  return db
    .select({ payment: payments, request: paymentRequests, value: paymentValues })
    .from(payments)
    .innerJoin(paymentRequests, eq(payments.requestId, paymentRequests.id))
    .leftJoin(paymentValues, currency ? valueAtPresentBlock(currency) : sql`false`)
    .where(requestConditions(payee, filter, { withCreated: true, withQuotes: true }))
    .orderBy(asc(payments.blockTime), asc(payments.txHash), asc(payments.logIndex))
}

/** Every matching request, newest first, for the CSV export. */
export async function requestsForExport(db: Db, payee: string, filter: RequestFilter) {
  return db
    .select()
    .from(paymentRequests)
    .where(requestConditions(payee, filter, { withCreated: true }))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
}

/** Per API key, what the requests it issued have received and how many are paid. */
export async function receivedByIssuingKey(db: Db, keyIds: readonly string[]) {
  return db
    .select({
      keyId: paymentRequests.issuedByKeyId,
      received: sql<string>`coalesce(sum(${paymentRequests.received}), 0)::text`,
      paid: sql<number>`count(*) filter (where ${paymentRequests.paidAt} is not null)::int`,
    })
    .from(paymentRequests)
    .where(inArray(paymentRequests.issuedByKeyId, [...keyIds]))
    .groupBy(paymentRequests.issuedByKeyId)
}
