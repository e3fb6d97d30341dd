import { publicCreditNoteSchema } from '../../payments/creditNotes/publicCreditNote.ts'
import { error, errors, idParameter, json, ref } from './openApiParts.ts'

const list = json({
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: ref('CreditNote') } },
})

/** The credit-note paths of the OpenAPI document. */
export const creditNotePaths = {
  '/credit-notes': {
    get: {
      summary: 'List the payee’s credit notes, newest first',
      description:
        'Needs `requests:read`. A credit note is issued for each refund of an invoice the chain shows, and when an unpaid invoice is cancelled.',
      parameters: [
        { name: 'limit', in: 'query', required: false, schema: { type: 'string' }, description: '1 to 100; 25.' },
        {
          name: 'before',
          in: 'query',
          required: false,
          schema: { type: 'string', format: 'date-time' },
          description: 'The `createdAt` of the last one seen, for the next page.',
        },
      ],
      responses: { '200': { description: 'The credit notes.', content: list }, ...errors },
    },
  },
  '/credit-notes/{id}': {
    get: {
      summary: 'Read a credit note',
      description: 'Needs `requests:read`. Its PDF is at `pdfUrl`, for whoever holds the link.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'The credit note.', content: json(ref('CreditNote')) },
        ...errors,
        '404': error('No such credit note of this payee.'),
      },
    },
  },
  '/invoices/{id}/credit-notes': {
    get: {
      summary: 'List an invoice’s credit notes, in the order they were issued',
      description: 'Needs `requests:read`. `id` is the invoice’s request.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'The credit notes.', content: list },
        ...errors,
        '404': error('No such request of this payee.'),
      },
    },
  },
  '/invoices/{id}/cancel': {
    post: {
      summary: 'Cancel an unpaid invoice by a credit note',
      description:
        'Needs `requests:write`. Issues a credit note of the invoice’s full amount and closes its request (and its quotes’), so it can no longer be paid; a second call answers the same note. A paid invoice is refunded instead, which issues a credit note per refund.',
      parameters: [idParameter],
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: { reason: { type: 'string', description: 'Printed on the note (at most 300 characters).' } },
        }),
      },
      responses: {
        '200': { description: 'The credit note.', content: json(ref('CreditNote')) },
        ...errors,
        '404': error('No such request of this payee.'),
        '409': error('PAYMENT_RECEIVED: a payment for the invoice was seen on chain: refund it instead.'),
      },
    },
  },
}

export const creditNoteSchemas = { CreditNote: publicCreditNoteSchema }
