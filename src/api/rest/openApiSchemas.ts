import { MAX_METADATA_BYTES } from '../../merchants/merchantRequest.ts'
import { publicPaymentRequestSchema } from '../../payments/publicPaymentRequest.ts'
import { GASLESS_REASON_CODES } from '../../relayer/gaslessAvailability.ts'

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
    required: ['chainId', 'dueAt'],
    description:
      'Either `asset` and `amount` (a request in a token), or `price` and `acceptedAssets` (priced in a currency).',
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
      price: {
        type: 'object',
        required: ['currency', 'amount'],
        properties: {
          currency: { type: 'string', examples: ['EUR'], description: 'USD, EUR, GBP, JPY, CHF, AUD or CAD.' },
          amount: {
            type: 'string',
            examples: ['1500.00'],
            description: 'A decimal in the currency; at most its minor digits.',
          },
        },
      },
      acceptedAssets: {
        type: 'array',
        items: { type: 'string' },
        description:
          'For a priced request: the tokens ("native" or addresses) the payer may pay in, at a quote from the chain’s price feeds.',
      },
      tolerance: {
        type: 'string',
        examples: ['0.5'],
        description:
          'For a priced request: how far (in percent, at most 5) what is received may be from the price and count as paid.',
      },
      acceptedChains: {
        type: ['array', 'null'],
        maxItems: 32,
        items: {
          type: 'object',
          required: ['chainId', 'asset'],
          properties: { chainId: { type: 'integer' }, asset: { type: 'string' } },
        },
        description:
          "For a request in a token: other chains it may be paid on, each with the same token (same symbol and decimals). Payments on each add up; the signature covers the whole set. Left out: every offered chain where the token exists; `[]`: the request's own chain alone.",
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
        properties: {
          available: { type: 'boolean' },
          reason: { type: ['string', 'null'] },
          reasonCode: {
            type: ['string', 'null'],
            enum: [...GASLESS_REASON_CODES, null],
            description: 'Why not, as a code to word in the reader’s language.',
          },
        },
        required: ['available', 'reason', 'reasonCode'],
      },
    },
  },
}
