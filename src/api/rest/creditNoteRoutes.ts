import { getAddress } from 'viem'
import { cancelInvoice } from '../../payments/creditNotes/cancelInvoice.ts'
import { creditNotesOf, creditNotesOfInvoices, findCreditNote } from '../../payments/creditNotes/creditNoteReads.ts'
import { creditNoteSignature } from '../../merchants/creditNoteSignature.ts'
import type { CreditNoteRow } from '../../payments/creditNotes/issueCreditNote.ts'
import { publicCreditNote } from '../../payments/creditNotes/publicCreditNote.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { findOwnRequest, readJson, type RestContext, type RestRoute } from './restRequest.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
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

  async function list({ res, url, key }: RestContext) {
    const limitText = url.searchParams.get('limit') ?? '25'
    const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN
    if (!(limit >= 1 && limit <= 100)) throw badInput('limit', 'must be a whole number from 1 to 100.')
    const beforeText = url.searchParams.get('before')
    const before = beforeText === null ? undefined : new Date(beforeText)
    if (before && Number.isNaN(before.getTime())) throw badInput('before', 'must be a date-time such as a createdAt.')
    const rows = await creditNotesOf(options.db, getAddress(key.payee), { first: limit, before })
    sendJson(res, 200, { data: await Promise.all(rows.map(show)) })
  }

  async function read({ res, key }: RestContext, id: string) {
    const note = await findCreditNote(options.db, id)
    if (!note || getAddress(note.payee) !== getAddress(key.payee))
      throw new NotFoundError({ shortMessage: `There is no credit note ${id} of this payee.` })
    sendJson(res, 200, await show(note))
  }

  async function ofInvoice({ res, key }: RestContext, id: string) {
    const request = await findOwnRequest(options.db, key, id)
    sendJson(res, 200, { data: await Promise.all((await creditNotesOfInvoices(options.db, [request.id])).map(show)) })
  }

  async function cancel({ req, res, key }: RestContext, id: string) {
    const request = await findOwnRequest(options.db, key, id)
    const { json } = await readJson(req)
    const body = (json ?? {}) as Record<string, unknown>
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw badInput('body', 'must be a JSON object, such as {"reason": "Ordered twice"}.')
    if (body.reason !== undefined && typeof body.reason !== 'string')
      throw badInput('reason', 'must be a sentence, or left out.')
    const note = await cancelInvoice(options.db, request, (body.reason as string | undefined) ?? '')
    sendJson(res, 200, await show(note), { location: `/api/v1/credit-notes/${note.id}` })
  }

  return [
    ['GET', /^\/api\/v1\/credit-notes$/, 'requests:read', list],
    ['GET', /^\/api\/v1\/credit-notes\/([^/]+)$/, 'requests:read', read],
    ['GET', /^\/api\/v1\/invoices\/([^/]+)\/credit-notes$/, 'requests:read', ofInvoice],
    ['POST', /^\/api\/v1\/invoices\/([^/]+)\/cancel$/, 'requests:write', cancel],
  ]
}
