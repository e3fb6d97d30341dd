import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJsonError } from '../../http/httpErrors.ts'
import { exportAccounting } from '../../merchants/books/exportUseCases.ts'
import type { UseCaseRule } from '../../merchants/business/useCase.ts'
import { CSV_EXPORTS, type CsvExportKind } from './csvExport.ts'

/**
 * Every export link and the use case it runs, which decides who may download it. The server answers
 * only these under `/export/`, and the role walk downloads each as every role.
 */
export const EXPORT_USE_CASES: Readonly<Record<string, { readonly rule: UseCaseRule }>> = {
  ...Object.fromEntries(Object.entries(CSV_EXPORTS).map(([kind, { runs }]) => [`/export/${kind}.csv`, runs])),
  '/export/accounting.csv': exportAccounting,
}

type ExportHandlers = {
  csv: (req: IncomingMessage, res: ServerResponse, kind: CsvExportKind) => Promise<void>
  accounting: (req: IncomingMessage, res: ServerResponse) => Promise<void>
}

/** Answers the export links of the table above; any other path under `/export/` is not found. */
export function createExportRoutes({ csv, accounting }: ExportHandlers) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (!Object.hasOwn(EXPORT_USE_CASES, path))
      return sendJsonError(res, 404, { code: 'NOT_FOUND', message: 'There is no export at this address.' })
    if (path === '/export/accounting.csv') return accounting(req, res)
    return csv(req, res, /^\/export\/(\w+)\.csv$/.exec(path)![1] as CsvExportKind)
  }
}
