import { readIdempotencyKey, requestFingerprint } from '../../merchants/idempotency.ts'
import { signingKeyOf } from '../../merchants/business/signingKey.ts'
import { issueKeyInvoice } from '../../merchants/invoices/invoiceUseCases.ts'
import { readInvoiceBody } from '../../merchants/merchantInvoice.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { gaslessAvailability } from '../../relayer/gaslessAvailability.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'

// Two hundred lines of two hundred characters fit, with room for the buyer and notes.
const MAX_INVOICE_BODY_BYTES = 256 * 1024

/** `POST /api/v1/invoices`: an invoice issued with the next number of the key's payee, signed by its delegate. */
export function invoiceRoutes(options: RestApiOptions): RestRoute[] {
  async function create({ req, res, key, actor }: RestContext) {
    const { raw, json } = await readJson(req, MAX_INVOICE_BODY_BYTES)
    const idempotencyKey = readIdempotencyKey(req.headers['idempotency-key'])
    const { request, invoice, replayed } = await issueKeyInvoice(actor, options, {
      input: readInvoiceBody(json),
      key: await signingKeyOf(options.db, key),
      signAsDelegate: options.signAsDelegate,
      assets: options.assets,
      quotable: options.quotable ?? [],
      client: (id) => options.clients.get(id),
      idempotency:
        idempotencyKey === undefined
          ? undefined
          : {
              apiKeyId: key.id,
              key: idempotencyKey,
              fingerprint: requestFingerprint('POST /invoices', raw),
            },
    })
    sendJson(
      res,
      replayed ? 200 : 201,
      {
        ...publicPaymentRequest(request, options.publicUrl),
        gasless: await gaslessAvailability(options.relayer, request),
        invoice: {
          number: invoice.number,
          document: JSON.parse(invoice.document) as unknown,
          documentHash: invoice.documentHash,
          pdfUrl: new URL(`/invoices/${request.id}.pdf`, options.publicUrl).href,
          xmlUrls: ['.xml', '.xrechnung.xml', '.ubl.xml'].map(
            (ext) => new URL(`/invoices/${request.id}${ext}`, options.publicUrl).href,
          ),
        },
      },
      {
        location: `/api/v1/payment-requests/${request.id}`,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      },
    )
  }
  return [['POST', /^\/api\/v1\/invoices$/, issueKeyInvoice, create]]
}
