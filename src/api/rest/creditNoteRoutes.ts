import {
  cancelInvoiceOf,
  creditNotesOfInvoice,
  listCreditNotes,
  readCreditNote,
} from '../../merchants/invoices/invoiceUseCases.ts'
import { creditNoteSignature } from '../../merchants/creditNoteSignature.ts'
import type { CreditNoteRow } from '../../payments/creditNotes/issueCreditNote.ts'
import { publicCreditNote } from '../../payments/creditNotes/publicCreditNote.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'
import { badInput } from '../../domain/errors/input.ts'

/**
 * Credit notes over REST: the key's payee's, listed (newest first, `before` a creation time) or read
 * one by one; an invoice's; and `POST /invoices/{id}/cancel`, which cancels an unpaid invoice by one.
 */
export function creditNoteRoutes(options: RestApiOptions): RestRoute[] {
  const show = async (row: CreditNoteRow) => ({
    ...publicCreditNote(row, options.publicUrl),
    signed: await creditNoteSignature(options.db, options.signAsDelegate, row),
  })

  async function list({ res, url, actor }: RestContext) {
    const limitText = url.searchParams.get('limit') ?? '25'
    const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN
    if (!(limit >= 1 && limit <= 100)) throw badInput('limit', 'must be a whole number from 1 to 100.')
    const beforeText = url.searchParams.get('before')
    const before = beforeText === null ? undefined : new Date(beforeText)
    if (before && Number.isNaN(before.getTime())) throw badInput('before', 'must be a date-time such as a createdAt.')
    const rows = await listCreditNotes(actor, options, { first: limit, before })
    sendJson(res, 200, { data: await Promise.all(rows.map(show)) })
  }

  async function read({ res, actor }: RestContext, id: string) {
    sendJson(res, 200, await show(await readCreditNote(actor, options, { id })))
  }

  async function ofInvoice({ res, actor }: RestContext, id: string) {
    sendJson(res, 200, {
      data: await Promise.all((await creditNotesOfInvoice(actor, options, { requestId: id })).map(show)),
    })
  }

  async function cancel({ req, res, actor }: RestContext, id: string) {
    const { json } = await readJson(req)
    const body = (json ?? {}) as Record<string, unknown>
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw badInput('body', 'must be a JSON object, such as {"reason": "Ordered twice"}.')
    if (body.reason !== undefined && typeof body.reason !== 'string')
      throw badInput('reason', 'must be a sentence, or left out.')
    const note = await cancelInvoiceOf(actor, options, { requestId: id, reason: body.reason as string | undefined })
    sendJson(res, 200, await show(note), { location: `/api/v1/credit-notes/${note.id}` })
  }

  return [
    ['GET', /^\/api\/v1\/credit-notes$/, listCreditNotes, list],
    ['GET', /^\/api\/v1\/credit-notes\/([^/]+)$/, readCreditNote, read],
    ['GET', /^\/api\/v1\/invoices\/([^/]+)\/credit-notes$/, creditNotesOfInvoice, ofInvoice],
    ['POST', /^\/api\/v1\/invoices\/([^/]+)\/cancel$/, cancelInvoiceOf, cancel],
  ]
}
