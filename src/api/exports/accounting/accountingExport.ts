import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../../db/createDatabase.ts'
import { badInput } from '../../../domain/errors/input.ts'
import { exportAccounting, type BooksNetwork } from '../../../merchants/books/exportUseCases.ts'
import type { Actor } from '../../../merchants/business/authorize.ts'
import { readConsistencyOf } from '../../graphql/readConsistency.ts'
import { answerExportError, exportActor, type ExportSessions } from '../exportSession.ts'
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

type AccountingExportOptions = ExportSessions & {
  db: Db
  reads?: (writtenAt?: string) => Db
  network: BooksNetwork
  now?: () => Date
}

type ExportFile = { body: Buffer; charset: string; filename: string; unvalued: number }

/** The file of `format` for the period of the link, made of what `exportAccounting` read for the actor. */
async function fileOf(
  { db, network, now = () => new Date() }: AccountingExportOptions,
  actor: Actor,
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
  const of = format === 'xero-invoices' || format === 'quickbooks-invoices' ? 'invoices' : 'lines'
  const books = await exportAccounting(actor, { db, network }, { of, range })
  if (books.of === 'invoices')
    return utf8(format === 'xero-invoices' ? xeroInvoices(books.invoices) : quickBooksInvoices(books.invoices))
  const { currency, lines, settings } = books
  if (format === 'xero-statement') {
    const { text, skipped } = xeroStatement(lines, currency)
    return utf8(text, skipped)
  }
  if (format === 'quickbooks-statement') {
    const { text, skipped } = quickBooksStatement(lines, currency)
    return utf8(text, skipped)
  }
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
    const actor = await exportActor(req, res, options, 'Sign in with your wallet to export your books.')
    if (!actor) return
    try {
      const db = options.reads?.(readConsistencyOf(req.headers.cookie).writtenAt) ?? options.db
      const file = await fileOf({ ...options, db }, actor, new URL(req.url ?? '/', 'http://x').searchParams)
      res.writeHead(200, {
        'content-type': `text/csv; charset=${file.charset}`,
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
        'x-unvalued-lines': String(file.unvalued),
      })
      res.end(file.body)
    } catch (error) {
      answerExportError(res, error)
    }
  }
}
