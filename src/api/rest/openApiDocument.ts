import { API_KEY_SCOPES } from '../../domain/delegation.ts'
import { PAYMENT_STATUSES } from '../../payments/requestFilter.ts'
import { WEBHOOK_EVENT_TYPES } from '../../notifications/webhooks/webhookEvents.ts'
import { schemas } from './openApiSchemas.ts'
import { error, errors, idParameter, json, ref } from './openApiParts.ts'
import { invoicePaths, invoiceSchemas } from './openApiInvoices.ts'
import { refundPaths, refundSchemas } from './openApiRefunds.ts'
import { creditNotePaths, creditNoteSchemas } from './openApiCreditNotes.ts'
import { schedulePaths, scheduleSchemas } from './openApiSchedules.ts'
import { tillPaths } from './openApiTills.ts'
import { payerListPaths, payerListSchemas } from './openApiPayerLists.ts'
import { tillSchemas } from '../../merchants/pos/publicTill.ts'
import { subscriptionPaths, subscriptionSchemas } from './openApiSubscriptions.ts'

/** The REST API described for client generators and people: OpenAPI 3.1, served at /api/v1/openapi.json. */
export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Billfold merchant API',
      version: '1',
      description:
        'Payment requests for merchants’ servers. Authenticate with an API key made in Billfold: `Authorization: Bearer <secret>`. Requests are signed by the key’s delegate, which the payee’s wallet authorised (EIP-712). Amounts are strings: `amount` in base units and `amountDecimal` in the asset’s units.',
    },
    servers: [{ url: new URL('/api/v1', publicUrl).href }],
    security: [{ apiKey: [] }],
    paths: {
      ...paths,
      ...invoicePaths,
      ...creditNotePaths,
      ...refundPaths,
      ...schedulePaths,
      ...subscriptionPaths,
      ...tillPaths,
      ...payerListPaths,
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key's secret. Scopes: ${API_KEY_SCOPES.join(', ')}.`,
        },
      },
      schemas: {
        ...schemas,
        ...invoiceSchemas,
        ...creditNoteSchemas,
        ...refundSchemas,
        ...scheduleSchemas,
        ...tillSchemas,
        ...subscriptionSchemas,
        ...payerListSchemas,
      },
    },
  }
}

/** Each path and method: what it needs, takes and answers. */
const paths = {
  '/payment-requests': {
    post: {
      summary: 'Make a payment request',
      description:
        'Needs `requests:write`. Send `Idempotency-Key` to retry safely: the same key and body give the same request (200 with `Idempotent-Replayed: true`); the same key with another body is refused (409).',
      parameters: [
        { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } },
      ],
      requestBody: { required: true, content: json(ref('NewPaymentRequest')) },
      responses: {
        '201': { description: 'Made.', content: json(ref('PaymentRequest')) },
        '200': {
          description: 'A retry with the same Idempotency-Key: the request made the first time.',
          content: json(ref('PaymentRequest')),
        },
        ...errors,
        '409': error('The Idempotency-Key was used with another body.'),
        '413': error('The body is over 16 KB.'),
        '415': error('The body is not JSON.'),
      },
    },
    get: {
      summary: 'List payment requests, newest first',
      description: 'Needs `requests:read`. Pages by cursor: pass `nextCursor` as `after`.',
      parameters: [
        {
          name: 'status',
          in: 'query',
          schema: {
            type: 'string',
            description: `One or several of ${PAYMENT_STATUSES.join(', ')}, separated by commas.`,
          },
        },
        {
          name: 'search',
          in: 'query',
          schema: { type: 'string', maxLength: 100, description: 'Text the memo contains, in any case.' },
        },
        { name: 'after', in: 'query', schema: { type: 'string' } },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
      ],
      responses: {
        '200': {
          description: 'A page.',
          content: json({
            type: 'object',
            required: ['data', 'nextCursor'],
            properties: {
              data: { type: 'array', items: ref('PaymentRequest') },
              nextCursor: { type: ['string', 'null'] },
            },
          }),
        },
        ...errors,
      },
    },
  },
  '/payment-requests/{id}': {
    get: {
      summary: 'Read a payment request',
      description: 'Needs `requests:read`.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'The request.', content: json(ref('PaymentRequest')) },
        ...errors,
        '404': error('No such request of this payee.'),
      },
    },
  },
  '/payment-requests/{id}/cancel': {
    post: {
      summary: 'Cancel a payment request',
      description: 'Needs `requests:write`. Only while no payment has been seen; cancelling twice is not an error.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'Cancelled.', content: json(ref('PaymentRequest')) },
        ...errors,
        '404': error('No such request of this payee.'),
        '409': error('A payment was seen: it can no longer be cancelled.'),
      },
    },
  },
  '/webhook-endpoints': {
    get: {
      summary: 'List webhook endpoints',
      description: 'Needs `webhooks:manage`.',
      responses: {
        '200': {
          description: 'The endpoints.',
          content: json({ type: 'object', properties: { data: { type: 'array', items: ref('WebhookEndpoint') } } }),
        },
        ...errors,
      },
    },
    post: {
      summary: 'Add a webhook endpoint',
      description: `Needs \`webhooks:manage\`. An https URL on a public address; events from ${WEBHOOK_EVENT_TYPES.join(', ')}. The signing secret is in this answer only.`,
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['url', 'events'],
          properties: {
            url: { type: 'string', format: 'uri' },
            events: { type: 'array', items: { type: 'string', enum: WEBHOOK_EVENT_TYPES } },
          },
        }),
      },
      responses: {
        '201': {
          description: 'Added.',
          content: json({
            allOf: [ref('WebhookEndpoint'), { type: 'object', properties: { secret: { type: 'string' } } }],
          }),
        },
        ...errors,
      },
    },
  },
  '/webhook-endpoints/{id}': {
    delete: {
      summary: 'Disable a webhook endpoint',
      description: 'Needs `webhooks:manage`. Nothing more is sent to it.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'Disabled.', content: json(ref('WebhookEndpoint')) },
        ...errors,
        '404': error('No such endpoint of this payee.'),
      },
    },
  },
}

/** The bodies the API takes and answers with. */
