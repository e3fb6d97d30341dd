import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import { formatAmount } from '../../domain/amount.ts'
import { readConsistencyOf } from '../graphql/readConsistency.ts'
import { checkRequestFilter, type RawRequestFilter } from '../../payments/requestFilter.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { relaysCsv } from './relayRows.ts'
import { statementCsv } from './statementCsv.ts'
import { PAYMENT_COLUMNS, REQUEST_COLUMNS, UNMATCHED_COLUMNS } from './csvColumns.ts'
import { writeCsvPages } from './csvPages.ts'
import { safeText } from './safeText.ts'
import { chainNameOf } from '../../chain/chains.ts'
import { acceptedChainsOf } from '../../payments/repository/requestChainRows.ts'
import { auditActionLabel } from '../../domain/auditActionLabel.ts'
import auditActionsEn from '../../i18n/catalogs/payee/business/auditActions/en.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { readStatement } from '../../merchants/books/booksUseCases.ts'
import {
  exportAudit,
  exportPayments,
  exportRelays,
  exportRequests,
  exportUnmatched,
} from '../../merchants/books/exportUseCases.ts'
import type { UseCase } from '../../merchants/business/useCase.ts'
import { answerExportError, exportActor, type ExportSessions } from './exportSession.ts'

export type CsvExportKind = 'requests' | 'payments' | 'unmatched' | 'relays' | 'statement' | 'audit'

// The action as recorded, for a program, and in English words, for a reader.
const AUDIT_COLUMNS = ['id', 'at', 'actor', 'role', 'action', 'action_label', 'object_id', 'client_ip'] as const

const iso = (date: Date | null) => date?.toISOString() ?? ''

/** The filter from an export link's query string; its use case checks it like the API's. */
function filterFromQuery(query: URLSearchParams): RawRequestFilter {
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
  return {
    statuses: query.getAll('status'),
    chainId: chainId ? Number(chainId) : null,
    asset: query.get('asset'),
    from: date('from'),
    to: date('to'),
    search: query.get('search'),
  }
}

type CsvExportOptions = ExportSessions & {
  db: Db
  /** Where an export reads: a replica that has the client's own last write, else the primary. */
  reads?: (writtenAt?: string) => Db
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

/**
 * An export: the use case that reads its rows (and decides who may), its input from the link's
 * query string, and how its rows are written. The route runs the use case and writes what it read.
 */
type CsvExport<I, R> = {
  runs: UseCase<{ db: Db }, I, R>
  input: (query: URLSearchParams) => I
  write: (rows: R, options: CsvExportOptions) => CsvWriter
}
const csvExport = <I, R>(spec: CsvExport<I, R>) => spec as CsvExport<unknown, unknown>
const noInput = () => undefined

export const CSV_EXPORTS: Readonly<Record<CsvExportKind, CsvExport<unknown, unknown>>> = {
  // A payee's relays, and one month's statement, are bounded; requests, payments and transfers are not.
  relays: csvExport({ runs: exportRelays, input: noInput, write: (rows) => whole(relaysCsv(rows)) }),
  statement: csvExport({
    runs: readStatement,
    input: (query) => ({ month: query.get('month') ?? '' }),
    write: (statement) => whole(statementCsv(statement)),
  }),
  audit: csvExport({
    runs: exportAudit,
    input: noInput,
    write: (rows) => (res) =>
      writeCsvPages(res, AUDIT_COLUMNS, rows, (e) => ({
        id: e.id,
        at: iso(e.at),
        actor: e.actor,
        role: e.role,
        action: safeText(e.action),
        action_label: safeText(auditActionLabel(auditActionsEn['payee/business/auditActions'], e.action)),
        object_id: safeText(e.objectId ?? ''),
        client_ip: e.clientIp,
      })),
  }),
  unmatched: csvExport({
    runs: exportUnmatched,
    // Checked like the others' though every transfer is listed.
    input: (query) => void checkRequestFilter(filterFromQuery(query)),
    write:
      (rows, { assets }) =>
      (res) =>
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
        }),
  }),
  requests: csvExport({
    runs: exportRequests,
    input: (query) => ({ filter: filterFromQuery(query) }),
    write:
      (rows, { publicUrl }) =>
      (res) =>
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
        }),
  }),
  payments: csvExport({
    runs: exportPayments,
    input: (query) => ({ filter: filterFromQuery(query) }),
    write:
      ({ currency, rows }) =>
      (res) =>
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
        })),
  }),
}

/** GET /export/requests.csv, /export/payments.csv, /export/unmatched.csv (every transfer without a request, whatever became of it), /export/relays.csv (what the relayers sent, with fees) and /export/audit.csv (the business's audit log, its owner only): the signed-in payee's rows, filtered like the dashboard. */
export function createCsvExport(options: CsvExportOptions) {
  return async (req: IncomingMessage, res: ServerResponse, kind: CsvExportKind) => {
    const actor = await exportActor(req, res, options, 'Sign in with your wallet to export your requests.')
    if (!actor) return
    const { runs, input, write } = CSV_EXPORTS[kind]
    try {
      const db = options.reads?.(readConsistencyOf(req.headers.cookie).writtenAt) ?? options.db
      const rows = await runs(actor, { db }, input(new URL(req.url ?? '/', 'http://x').searchParams))
      const writer = write(rows, options)
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="billfold-${kind}-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': 'no-store',
      })
      await writer(res)
    } catch (error) {
      answerExportError(res, error)
    }
  }
}
