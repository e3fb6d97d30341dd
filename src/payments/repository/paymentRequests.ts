import { and, asc, eq, getTableColumns, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { driverRow, isUniqueViolation, resultRows } from '../../db/rawStatements.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import type { Asset, PaymentRequestTerms } from '../../domain/paymentRequest.ts'
import type { AcceptedChain } from '../../domain/requestChains.ts'
import { acceptsSeveralChains, insertWithChains } from './requestChainRows.ts'
import { DuplicateReferenceError } from '../../domain/errors/paymentRequest.ts'

export type PaymentRequestRow = typeof paymentRequests.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

/** A new request id. */
export const newPaymentRequestId = newShortId

/** Whether a string could be a request id; others are not looked up. */
export const isPaymentRequestId = isShortId

/** A request to store: its checked terms, their signature, and what a merchant's server attached. */
export type NewPaymentRequest = {
  /** Drawn here unless the caller needs it first (an idempotency key claimed with it). */
  id?: string
  terms: PaymentRequestTerms
  asset: Asset
  signature: string
  createdBlock: bigint
  issuedByKeyId?: string | null
  redirectUrl?: string | null
  metadata?: Record<string, unknown> | null
  /** For a request priced in a currency (`terms` and `asset` then carry the currency, see the schema). */
  priced?: PricedColumns | null
  /** For a quote's own request: the priced request it pays. */
  pricedRequestId?: string | null
  /** For a schedule's request: the schedule and the period it asks for. */
  schedule?: { id: string; period: number } | null
  /** Every chain a request of several accepts (its own first), each with that chain's head at creation. */
  acceptedChains?: readonly (AcceptedChain & { createdBlock: bigint })[] | null
}

export type PricedColumns = {
  currency: string
  acceptedAssets: readonly string[]
  toleranceBps: number
  quoteKeyId: string
}

/**
 * Stores a request whose terms passed every rule and whose signature was checked (the payee's, or an
 * API key's delegate's). The one place requests are written, for the app and the REST API alike.
 * The change journal announces the new request to every server's live views once it commits.
 */
export async function insertPaymentRequest(db: Db, request: NewPaymentRequest): Promise<PaymentRequestRow> {
  return insertWithChains(db, request, async (handle) => {
    const [row] = await insertStatement(handle).execute(paymentRequestValues(request))
    if (!row) throw duplicateReference()
    return row
  })
}

/**
 * Stores a request in the same statement as `claim`, a data-modifying query that returns a row only
 * when the request may be made (an idempotency key claimed): one round trip, all or nothing.
 * Undefined when the claim returned nothing. A reference already taken fails the whole statement.
 */
export async function insertPaymentRequestWith(
  db: Db,
  claim: SQL,
  request: NewPaymentRequest,
): Promise<PaymentRequestRow | undefined> {
  return insertWithChains(db, request, (handle) => insertClaimed(handle, claim, request))
}

async function insertClaimed(db: Db, claim: SQL, request: NewPaymentRequest): Promise<PaymentRequestRow | undefined> {
  const values = paymentRequestValues(request)
  const columns = getTableColumns(paymentRequests)
  const names = insertColumns.map((name) => sql.identifier(columns[name].name))
  // Cast each value to its column's type: in a select list PostgreSQL would otherwise take them as text.
  // The metadata and the accepted chains are JSON text already: bound as they are, never encoded a second time.
  const typed = insertColumns.map((name) =>
    name === 'metadata' || name === 'acceptedChains'
      ? sql`${values[name]}::jsonb`
      : name === 'acceptedAssets'
        ? sql`${values.acceptedAssets}::text[]`
        : sql`${sql.param(values[name], columns[name])}::${sql.raw(columns[name].getSQLType())}`,
  )
  try {
    const statement = sql`with claimed as (${claim})
      insert into ${paymentRequests} (${sql.join(names, sql`, `)})
      select ${sql.join(typed, sql`, `)} from claimed returning *`
    const result = await preparedExecute(db, statement)
    const [raw] = resultRows<Record<string, unknown>>(result)
    return raw && driverRow(paymentRequests, raw)
  } catch (error) {
    if (isUniqueViolation(error, 'payment_requests_reference_unique')) throw duplicateReference()
    throw error
  }
}

/**
 * Runs a hand-written statement as a prepared one, which each connection parses and plans once.
 * `db.execute` sends it unprepared, parsed and planned at every call: at a steady 500 idempotent
 * creates a second that queued where the prepared statement kept pace. drizzle keeps the way to
 * prepare a raw statement internal (`session.prepareQuery`); the idempotency tests run it on both drivers.
 */
function preparedExecute(db: Db, statement: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } }
    session: {
      prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> }
    }
  }
  return session.prepareQuery(dialect.sqlToQuery(statement), undefined, 'insert_payment_request_with', false).execute()
}

/** The stored columns of a new request, as the insert statements bind them. */
function paymentRequestValues(request: NewPaymentRequest): Record<(typeof insertColumns)[number], unknown> {
  const { terms } = request
  return {
    id: request.id ?? newPaymentRequestId(),
    chainId: terms.chainId,
    asset: terms.asset,
    symbol: request.asset.symbol,
    decimals: request.asset.decimals,
    amount: terms.amount.toString(),
    payee: terms.payee,
    payer: terms.payer,
    memo: terms.memo,
    dueAt: terms.dueAt,
    reference: terms.reference,
    signature: request.signature,
    createdBlock: request.createdBlock,
    issuedByKeyId: request.issuedByKeyId ?? null,
    redirectUrl: request.redirectUrl ?? null,
    // As JSON text, or SQL NULL: a placeholder would turn null into the JSON value null.
    metadata: request.metadata ? JSON.stringify(request.metadata) : null,
    currency: request.priced?.currency ?? null,
    // As an array literal, or SQL NULL, bound as text: the array column's own mapping refuses a null.
    acceptedAssets: request.priced ? `{${request.priced.acceptedAssets.map((a) => `"${a}"`).join(',')}}` : null,
    toleranceBps: request.priced?.toleranceBps ?? null,
    quoteKeyId: request.priced?.quoteKeyId ?? null,
    pricedRequestId: request.pricedRequestId ?? null,
    scheduleId: request.schedule?.id ?? null,
    schedulePeriod: request.schedule?.period ?? null,
    // As JSON text, or SQL NULL, as the metadata.
    acceptedChains: acceptsSeveralChains(request)
      ? JSON.stringify(request.acceptedChains!.map((c) => ({ chainId: c.chainId, asset: c.asset })))
      : null,
  }
}

const duplicateReference = () =>
  new DuplicateReferenceError({
    field: 'reference',
    shortMessage: 'A request with this reference exists already. Create the request again.',
  })

const insertColumns = [
  'id',
  'chainId',
  'asset',
  'symbol',
  'decimals',
  'amount',
  'payee',
  'payer',
  'memo',
  'dueAt',
  'reference',
  'signature',
  'createdBlock',
  'issuedByKeyId',
  'redirectUrl',
  'metadata',
  'currency',
  'acceptedAssets',
  'toleranceBps',
  'quoteKeyId',
  'pricedRequestId',
  'scheduleId',
  'schedulePeriod',
  'acceptedChains',
] as const
const buildInsertStatement = (db: Db) =>
  db
    .insert(paymentRequests)
    .values({
      ...Object.fromEntries(insertColumns.map((column) => [column, sql.placeholder(column)])),
      metadata: sql`${sql.placeholder('metadata')}::jsonb`,
      acceptedChains: sql`${sql.placeholder('acceptedChains')}::jsonb`,
      acceptedAssets: sql`${sql.placeholder('acceptedAssets')}::text[]`,
    } as unknown as typeof paymentRequests.$inferInsert)
    .onConflictDoNothing({ target: paymentRequests.reference })
    .returning()
    .prepare('insert_payment_request')
// Built once per database handle and prepared on each connection: a busy merchant API makes many, and
// rebuilding the statement was a tenth of the server's time. (A transaction is its own handle.)
const insertStatements = new WeakMap<Db, ReturnType<typeof buildInsertStatement>>()
function insertStatement(db: Db) {
  let statement = insertStatements.get(db)
  if (!statement) insertStatements.set(db, (statement = buildInsertStatement(db)))
  return statement
}

export async function findPaymentRequest(db: Db, id: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id)).limit(1)
  return row
}

export async function listPaymentsOf(db: Db, requestIds: readonly string[]): Promise<PaymentRow[]> {
  if (requestIds.length === 0) return []
  return db
    .select()
    .from(payments)
    .where(inArray(payments.requestId, [...requestIds]))
    .orderBy(asc(payments.blockNumber), asc(payments.logIndex))
}

/** A priced request's payments: those to its quotes' requests, oldest first, each in its quote's token. */
export async function listPaymentsOfPriced(
  db: Db,
  pricedId: string,
): Promise<(PaymentRow & { symbol: string; decimals: number })[]> {
  const rows = await db
    .select({ payment: payments, symbol: paymentRequests.symbol, decimals: paymentRequests.decimals })
    .from(payments)
    .innerJoin(paymentRequests, eq(paymentRequests.id, payments.requestId))
    .where(eq(paymentRequests.pricedRequestId, pricedId))
    .orderBy(asc(payments.blockNumber), asc(payments.logIndex))
  return rows.map((r) => ({ ...r.payment, symbol: r.symbol, decimals: r.decimals }))
}

/**
 * Cancels a request in one statement, only while no payment for it is recorded, so a payment the
 * watcher commits at the same moment is never hidden behind a cancel. Undefined when one is.
 */
export async function cancelUnpaidRequest(db: Db, id: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await db
    .update(paymentRequests)
    .set({ cancelledAt: new Date(), status: 'cancelled' })
    .where(
      and(
        eq(paymentRequests.id, id),
        isNull(paymentRequests.cancelledAt),
        notExists(db.select().from(payments).where(eq(payments.requestId, id))),
      ),
    )
    .returning()
  return row
}
