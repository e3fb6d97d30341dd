import type { IncomingMessage, ServerResponse } from 'node:http'
import { can } from '../../domain/permissions.ts'
import type { Db } from '../../db/createDatabase.ts'
import { formatAmount } from '../../domain/amount.ts'
import { sendJsonError } from '../../http/httpErrors.ts'
import { readSessionToken } from '../auth/sessionCookie.ts'
import { readConsistencyOf } from '../graphql/readConsistency.ts'
import type { SessionStore } from '../../merchants/sessions/sessionStore.ts'
import { checkRequestFilter, type RawRequestFilter } from '../../payments/requestFilter.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { paymentsForExport, requestsForExport } from '../../payments/repository/requestListing.ts'
import { unmatchedForExport } from '../../payments/unmatchedTransfers.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { relaysCsv } from './relayRows.ts'
import { reportingCurrencyOf } from '../../payments/repository/payeeSettings.ts'
import { statementCsv } from './statementCsv.ts'
import { PAYMENT_COLUMNS, REQUEST_COLUMNS, UNMATCHED_COLUMNS } from './csvColumns.ts'
import { writeCsvPages } from './csvPages.ts'
import { safeText } from './safeText.ts'
import { chainNameOf } from '../../chain/chains.ts'
import { acceptedChainsOf } from '../../payments/repository/requestChainRows.ts'
import { auditForExport } from '../../merchants/business/auditLog.ts'
import { auditActionLabel } from '../../domain/auditActionLabel.ts'
import auditActionsEn from '../../i18n/catalogs/payee/business/auditActions/en.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'

export type CsvExportKind = 'requests' | 'payments' | 'unmatched' | 'relays' | 'statement' | 'audit'

// The action as recorded, for a program, and in English words, for a reader.
const AUDIT_COLUMNS = ['id', 'at', 'actor', 'role', 'action', 'action_label', 'object_id', 'client_ip'] as const

const iso = (date: Date | null) => date?.toISOString() ?? ''

/** The filter from an export link's query string, checked like the API's. */
function filterFromQuery(query: URLSearchParams) {
  const date = (name: 'from' | 'to') => {
    const raw = query.get(name)
    if (!raw) return undefined
    const value = new Date(raw)
    if (Number.isNaN(value.getTime()))
      throw new BadUserInputError({
        field: name,
        shortMessage: `${name} must be an ISO-8601 date, got "${raw}".`,
      })
    return value
  }
  const chainId = query.get('chainId')
  if (chainId && !/^\d{1,16}$/.test(chainId))
    throw new BadUserInputError({
      field: 'chainId',
      shortMessage: `chainId must be a chain id number, got "${chainId}".`,
    })
  const raw: RawRequestFilter = {
    statuses: query.getAll('status'),
    chainId: chainId ? Number(chainId) : null,
    asset: query.get('asset'),
    from: date('from'),
    to: date('to'),
    search: query.get('search'),
  }
  return checkRequestFilter(raw)
}

type CsvExportOptions = {
  db: Db
  /** Where an export reads: a replica that has the client's own last write, else the primary. */
  reads?: (writtenAt?: string) => Db
  sessions: SessionStore
  assets: readonly Asset[]
  publicUrl: string
}

/** Writes an export's text once its rows are read (so a refused filter is answered before any of it). */
type CsvWriter = (res: ServerResponse) => Promise<void>
const whole =
  (csv: string): CsvWriter =>
  async (res) => {
    res.end(csv)
  }

async function csvOf(
  { db, assets, publicUrl }: CsvExportOptions,
  payee: string,
  kind: CsvExportKind,
  query: URLSearchParams,
): Promise<CsvWriter> {
  // A payee's relays, and one month's statement, are bounded; requests, payments and transfers are not.
  if (kind === 'relays') return whole(await relaysCsv(db, payee))
  if (kind === 'statement') return whole(await statementCsv(db, payee, query))
  if (kind === 'audit') {
    const rows = await auditForExport(db, payee)
    return (res) =>
      writeCsvPages(res, AUDIT_COLUMNS, rows, (e) => ({
        id: e.id,
        at: iso(e.at),
        actor: e.actor,
        role: e.role,
        action: safeText(e.action),
        action_label: safeText(auditActionLabel(auditActionsEn['payee/business/auditActions'], e.action)),
        object_id: safeText(e.objectId ?? ''),
        client_ip: e.clientIp,
      }))
  }
  const filter = filterFromQuery(query)
  if (kind === 'unmatched') {
    const rows = await unmatchedForExport(db, payee)
    return (res) =>
      writeCsvPages(res, UNMATCHED_COLUMNS, rows, (t) => {
        const asset = assets.find((a) => a.chainId === t.chainId && a.address === t.asset)
        return {
          id: t.id,
          block_time: iso(t.blockTime),
          chain_id: t.chainId,
          chain_name: chainNameOf(t.chainId),
          tx_hash: t.txHash,
          log_index: t.logIndex,
          block_number: t.blockNumber.toString(),
          from: t.fromAddress,
          asset: t.asset,
          symbol: asset?.symbol ?? '',
          decimals: asset?.decimals ?? '',
          amount_base_units: String(t.amount),
          amount: asset ? formatAmount(BigInt(t.amount), asset.decimals) : '',
          state: t.assignedRequestId ? 'assigned' : t.dismissedAt ? 'dismissed' : 'waiting',
          assigned_request_id: t.assignedRequestId ?? '',
          dismissed_at: iso(t.dismissedAt),
        }
      })
  }
  if (kind === 'requests') {
    const rows = await requestsForExport(db, payee, filter)
    return (res) =>
      writeCsvPages(res, REQUEST_COLUMNS, rows, (row) => {
        const r = publicPaymentRequest(row, publicUrl)
        return {
          id: r.id,
          created_at: r.createdAt,
          due_at: r.dueAt,
          status: r.status,
          chain_id: r.chainId,
          asset: r.asset,
          symbol: r.symbol,
          decimals: r.decimals,
          amount_base_units: r.amount,
          amount: r.amountDecimal,
          received_base_units: r.received,
          received: r.receivedDecimal,
          refunded_base_units: r.refunded,
          refunded: r.refundedDecimal,
          refund_status: r.refundStatus,
          payer: r.payer ?? '',
          memo: safeText(r.memo),
          paid_at: r.paidAt ?? '',
          cancelled_at: r.cancelledAt ?? '',
          reference: r.reference,
        }
      })
  }
  const currency = await reportingCurrencyOf(db, payee)
  const rows = await paymentsForExport(db, payee, filter, currency?.code)
  return (res) =>
    writeCsvPages(res, PAYMENT_COLUMNS, rows, ({ payment: p, request: r, value: v }) => ({
      request_id: r.id,
      block_time: iso(p.blockTime),
      chain_id: p.chainId,
      chain_name: chainNameOf(p.chainId),
      tx_hash: p.txHash,
      log_index: p.logIndex,
      block_number: p.blockNumber.toString(),
      from: p.fromAddress,
      // A request of several chains takes its token at each chain's own address.
      asset: acceptedChainsOf(r).find((c) => c.chainId === p.chainId)?.asset ?? r.asset,
      symbol: r.symbol,
      decimals: r.decimals,
      amount_base_units: String(p.amount),
      amount: formatAmount(BigInt(p.amount), r.decimals),
      matched_by: p.matchedBy,
      request_memo: safeText(r.memo),
      value_currency: currency?.code ?? '',
      value: v && currency ? formatAmount(BigInt(v.value), currency.minorDigits) : '',
      valued_at: v?.basis ?? '',
    }))
}

/** GET /export/requests.csv, /export/payments.csv, /export/unmatched.csv (every transfer without a request, whatever became of it), /export/relays.csv (what the relayers sent, with fees) and /export/audit.csv (the business's audit log, its owner only): the signed-in payee's rows, filtered like the dashboard. */
export function createCsvExport(options: CsvExportOptions) {
  const { sessions } = options
  return async (req: IncomingMessage, res: ServerResponse, kind: CsvExportKind) => {
    if (req.method !== 'GET')
      return sendJsonError(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'Use GET to download an export.' })
    const token = readSessionToken(req.headers.cookie ?? null)
    const session = token ? await sessions.find(token) : null
    if (!session)
      return sendJsonError(res, 401, {
        code: 'UNAUTHENTICATED',
        message: 'Sign in with your wallet to export your requests.',
      })
    const needed = kind === 'audit' ? 'audit:read' : 'books:read'
    if (!can(session.role, needed))
      return sendJsonError(res, 403, {
        code: 'FORBIDDEN',
        message: `As ${session.role} of this business you may not export this (it needs ${needed}).`,
      })
    try {
      const db = options.reads?.(readConsistencyOf(req.headers.cookie).writtenAt) ?? options.db
      const write = await csvOf(
        { ...options, db },
        session.address,
        kind,
        new URL(req.url ?? '/', 'http://x').searchParams,
      )
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="billfold-${kind}-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': 'no-store',
      })
      await write(res)
    } catch (error) {
      if (error instanceof ApiError)
        return sendJsonError(res, 400, { code: error.code, message: error.shortMessage, field: error.field })
      throw error
    }
  }
}
