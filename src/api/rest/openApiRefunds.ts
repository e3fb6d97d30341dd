import { publicRefundSchema } from '../../payments/refunds/publicRefund.ts'
import { error, errors, idParameter, json, ref } from './openApiParts.ts'

/** The refund paths of the OpenAPI document. */
export const refundPaths = {
  '/payment-requests/{id}/refunds': {
    post: {
      summary: 'Prepare a refund',
      description:
        'Needs `requests:write`. Answers the unsigned transaction for the payee’s wallet: Billfold never holds the payee’s funds. The refund holds its amount for a day, until its transfer is seen on chain; refunds together never exceed what was received. The watcher records the transfer from the chain (webhook `payment_request.refunded`).',
      parameters: [idParameter],
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['amount'],
          properties: {
            amount: { type: 'string', description: 'A decimal in the request’s asset, such as "2.50".' },
            to: { type: ['string', 'null'], description: 'The recipient; by default the address that paid.' },
            chainId: {
              type: ['integer', 'null'],
              description:
                'The chain it goes back on, one the request accepts; by default the chain the recipient paid on (needed when they paid on several), else the request’s own.',
            },
          },
        }),
      },
      responses: {
        '201': { description: 'Prepared: send `transaction` from the payee’s wallet.', content: json(ref('Refund')) },
        ...errors,
        '404': error('No such request of this payee.'),
        '409': error(
          'REFUND_EXCEEDS_RECEIVED: more than was received, less refunds sent or in flight; NOT_REFUNDABLE: nothing was received, or the request is priced in a currency.',
        ),
      },
    },
    get: {
      summary: 'List a request’s refunds, oldest first',
      description: 'Needs `requests:read`.',
      parameters: [idParameter],
      responses: {
        '200': {
          description: 'The refunds.',
          content: json({
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: ref('Refund') } },
          }),
        },
        ...errors,
        '404': error('No such request of this payee.'),
      },
    },
  },
}

export const refundSchemas = { Refund: publicRefundSchema }
