import { MAX_METADATA_BYTES } from '../../merchants/merchantRequest.ts'
import { publicPaymentRequestSchema } from '../../payments/publicPaymentRequest.ts'

/** The REST API's objects, as its OpenAPI document names them. */
export const schemas = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', examples: ['BAD_USER_INPUT'] },
          message: { type: 'string' },
          field: { type: 'string' },
          fields: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
  NewPaymentRequest: {
    type: 'object',
    additionalProperties: false,
    required: ['chainId', 'asset', 'amount', 'dueAt'],
    properties: {
      chainId: { type: 'integer', examples: [8453] },
      asset: { type: 'string', description: '"native" or the token contract address.' },
      amount: {
        type: 'string',
        pattern: '^[0-9]+(\\.[0-9]+)?$',
        description: 'A decimal in the asset’s units, e.g. "12.50"; no exponent.',
      },
      memo: { type: 'string', maxLength: 280 },
      dueAt: { type: 'string', format: 'date-time' },
      payer: { type: ['string', 'null'], description: 'Only payments from this address count.' },
      redirectUrl: {
        type: ['string', 'null'],
        format: 'uri',
        description: 'https only: where the payer is sent back after paying.',
      },
      metadata: {
        type: ['object', 'null'],
        description: `Your own data, returned as given; at most ${MAX_METADATA_BYTES} bytes of JSON.`,
      },
    },
  },
  WebhookEndpoint: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'array', items: { type: 'string' } },
      createdAt: { type: 'string', format: 'date-time' },
      disabledAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
  PaymentRequest: {
    ...publicPaymentRequestSchema,
    required: [...publicPaymentRequestSchema.required, 'gasless'],
    properties: {
      ...publicPaymentRequestSchema.properties,
      gasless: {
        type: 'object',
        description:
          'Whether its payer can pay without gas now, by signing an ERC-3009 authorization that the payee’s relayer sends; `reason` says why not. Not in webhooks and exports, which record the request, not this moment.',
        properties: { available: { type: 'boolean' }, reason: { type: ['string', 'null'] } },
        required: ['available', 'reason'],
      },
    },
  },
}
