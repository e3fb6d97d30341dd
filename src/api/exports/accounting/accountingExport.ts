import type { IncomingMessage, ServerResponse } from 'node:http'
import { can } from '../../../domain/permissions.ts'
import type { Chain, PublicClient } from 'viem'
import type { Db } from '../../../db/createDatabase.ts'
import { ApiError } from '../../../domain/errors/apiError.ts'
import { BadUserInputError, badInput } from '../../../domain/errors/input.ts'
import type { Asset } from '../../../domain/paymentRequest.ts'
import { sendJsonError } from '../../../http/httpErrors.ts'
import type { SessionStore } from '../../../merchants/sessions/sessionStore.ts'
import { accountingSettingsOf } from '../../../payments/books/accountingSettings.ts'
import { bookLines } from '../../../payments/books/bookLines.ts'
import { invoicesIssued } from '../../../payments/books/invoicesIssued.ts'
import { relayFeeValuer } from '../../../payments/books/relayFeeValue.ts'
import { reportingCurrencyOf } from '../../../payments/repository/payeeSettings.ts'
import { readSessionToken } from '../../auth/sessionCookie.ts'
import { readConsistencyOf } from '../../graphql/readConsistency.ts'
import { accountingPeriod } from './accountingPeriod.ts'
import { datevExtf } from './datevExtf.ts'
import { quickBooksInvoices, quickBooksStatement } from './quickBooksFiles.ts'
import { encodeWindows1252 } from './windows1252.ts'
import { xeroInvoices, xeroStatement } from './xeroFiles.ts'

/** The files an accounting program imports as they are. */
export const ACCOUNTING_FORMATS = [
  'datev',
  'xero-statement',
  'xero-invoices',
  'quickbooks-statement',
  'quickbooks-invoices',
] as const
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number]

type AccountingExportOptions = {
  db: Db
  reads?: (writtenAt?: string) => Db
  sessions: SessionStore
  network: {
    chainOf(chainId: number): Chain | undefined
    clientOf(chainId: number): PublicClient | undefined
    assets: readonly Asset[]
  }
  now?: () => Date
}

type ExportFile = { body: Buffer; charset: string; filename: string; unvalued: number }

async function fileOf(
  { db, network, now = () => new Date() }: AccountingExportOptions,
  payee: string,
  query: URLSearchParams,
): Promise<ExportFile> {
  const format = ACCOUNTING_FORMATS.find((f) => f === query.get('format'))
  if (!format) throw badInput('format', `must be one of ${ACCOUNTING_FORMATS.join(', ')}.`)
  const range = accountingPeriod(query)
  const period = `${range.from.toISOString().slice(0, 10)}_${new Date(range.to.getTime() - 1).toISOString().slice(0, 10)}`
  const utf8 = (text: string, unvalued = 0): ExportFile => ({
    body: Buffer.from(text, 'utf8'),
    charset: 'utf-8',
    filename: `billfold-${format}-${period}.csv`,
    unvalued,
  })
  if (format === 'xero-invoices') return utf8(xeroInvoices(await invoicesIssued(db, payee, range)))
  if (format === 'quickbooks-invoices') return utf8(quickBooksInvoices(await invoicesIssued(db, payee, range)))
  const currency = await reportingCurrencyOf(db, payee)
  if (!currency)
    throw new BadUserInputError({
      field: 'currency',
      shortMessage: 'Choose the currency your books are kept in (Settings) first.',
    })
  const lines = await bookLines(db, payee, currency, range, relayFeeValuer(network, currency))
  if (format === 'xero-statement') {
    const { text, skipped } = xeroStatement(lines, currency)
    return utf8(text, skipped)
  }
  if (format === 'quickbooks-statement') {
    const { text, skipped } = quickBooksStatement(lines, currency)
    return utf8(text, skipped)
  }
  const settings = await accountingSettingsOf(db, payee)
  const { text, skipped } = datevExtf({ settings, currency, range, lines, createdAt: now() })
  // DATEV finds a batch to import by its name: EXTF_ first.
  return {
    body: encodeWindows1252(text),
    charset: 'windows-1252',
    filename: `EXTF_Buchungsstapel_${period}.csv`,
    unvalued: skipped,
  }
}

/**
 * GET /export/accounting.csv?format=…&month=YYYY-MM (or from=…&to=…): the signed-in payee's books of
 * the period as DATEV, Xero or QuickBooks Online import them. `X-Unvalued-Lines` counts the lines
 * left out because they are not valued yet (moments after they arrive).
 */
export function createAccountingExport(options: AccountingExportOptions) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET')
      return sendJsonError(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'Use GET to download an export.' })
    const token = readSessionToken(req.headers.cookie ?? null)
    const session = token ? await options.sessions.find(token) : null
    if (!session)
      return sendJsonError(res, 401, {
        code: 'UNAUTHENTICATED',
        message: 'Sign in with your wallet to export your books.',
      })
    if (!can(session.role, 'books:read'))
      return sendJsonError(res, 403, {
        code: 'FORBIDDEN',
        message: `As ${session.role} of this business you may not export its books.`,
      })
    try {
      const db = options.reads?.(readConsistencyOf(req.headers.cookie).writtenAt) ?? options.db
      const file = await fileOf({ ...options, db }, session.address, new URL(req.url ?? '/', 'http://x').searchParams)
      res.writeHead(200, {
        'content-type': `text/csv; charset=${file.charset}`,
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
        'x-unvalued-lines': String(file.unvalued),
      })
      res.end(file.body)
    } catch (error) {
      if (error instanceof ApiError)
        return sendJsonError(res, 400, { code: error.code, message: error.shortMessage, field: error.field })
      throw error
    }
  }
}
