import { formatAmount } from '../domain/amount.ts'
import { refundStatus } from '../domain/refund.ts'
import type { PaymentRequestRow } from './repository/paymentRequests.ts'
import { acceptedChainsOf } from './repository/requestChainRows.ts'
import { PAYMENT_STATUSES } from './requestFilter.ts'

/**
 * A request as those outside the app see it (the REST API, webhooks, CSV exports): amounts as strings,
 * in base units and as a decimal; times in ISO-8601. The one place to add a field merchants see,
 * with its line in `publicPaymentRequestSchema` below (a test holds the two together).
 */
export function publicPaymentRequest(row: PaymentRequestRow, publicUrl: string) {
  return {
    id: row.id,
    status: row.status,
    chainId: row.chainId,
    asset: row.asset,
    symbol: row.symbol,
    decimals: row.decimals,
    amount: String(row.amount),
    amountDecimal: formatAmount(BigInt(row.amount), row.decimals),
    received: String(row.received),
    receivedDecimal: formatAmount(BigInt(row.received), row.decimals),
    refunded: String(row.refunded),
    refundedDecimal: formatAmount(BigInt(row.refunded), row.decimals),
    refundStatus: refundStatus(BigInt(row.received), BigInt(row.refunded)),
    payee: row.payee,
    payer: row.payer,
    memo: row.memo,
    dueAt: row.dueAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    reference: row.reference,
    signature: row.signature,
    issuedByKeyId: row.issuedByKeyId,
    payUrl: new URL(`/pay/${row.id}`, publicUrl).href,
    redirectUrl: row.redirectUrl,
    metadata: row.metadata ?? null,
    price:
      row.currency === null
        ? null
        : { currency: row.currency, amount: formatAmount(BigInt(row.amount), row.decimals), minor: String(row.amount) },
    acceptedAssets: row.acceptedAssets,
    toleranceBps: row.toleranceBps,
    acceptedChains: row.currency === null ? acceptedChainsOf(row) : null,
  }
}

export type PublicPaymentRequest = ReturnType<typeof publicPaymentRequest>

const dateTime = { type: 'string', format: 'date-time' } as const
const optionalDateTime = { type: ['string', 'null'], format: 'date-time' } as const

const properties = {
  id: { type: 'string' },
  status: { type: 'string', enum: PAYMENT_STATUSES },
  chainId: { type: 'integer' },
  asset: { type: 'string', description: 'The token contract, or "native" for the chain’s coin.' },
  symbol: { type: 'string' },
  decimals: { type: 'integer' },
  amount: { type: 'string', description: 'In base units.' },
  amountDecimal: { type: 'string', description: 'In the asset’s units.' },
  received: { type: 'string', description: 'In base units.' },
  receivedDecimal: { type: 'string', description: 'In the asset’s units.' },
  refunded: { type: 'string', description: 'Sent back to the payer, as recorded from the chain, in base units.' },
  refundedDecimal: { type: 'string', description: 'In the asset’s units.' },
  refundStatus: {
    type: 'string',
    enum: ['none', 'partly_refunded', 'refunded'],
    description: 'refunded once all that was received went back.',
  },
  payee: { type: 'string' },
  payer: { type: ['string', 'null'] },
  memo: { type: 'string' },
  dueAt: dateTime,
  createdAt: dateTime,
  paidAt: optionalDateTime,
  cancelledAt: optionalDateTime,
  reference: { type: 'string' },
  signature: { type: 'string', description: 'The EIP-712 signature of the terms (the payee’s, or a delegate’s).' },
  issuedByKeyId: { type: ['string', 'null'] },
  payUrl: { type: 'string', format: 'uri', description: 'Send the payer here.' },
  redirectUrl: { type: ['string', 'null'] },
  metadata: { type: ['object', 'null'] },
  price: {
    type: ['object', 'null'],
    description:
      'For a request priced in a currency (then asset and symbol are its code, and amounts are in it): the price as a decimal and in minor units.',
    properties: { currency: { type: 'string' }, amount: { type: 'string' }, minor: { type: 'string' } },
  },
  acceptedAssets: {
    type: ['array', 'null'],
    items: { type: 'string' },
    description: 'The tokens a priced request may be paid in ("native" or token addresses).',
  },
  toleranceBps: {
    type: ['integer', 'null'],
    description: 'How far (basis points) what was received may differ from the price and still count as paid.',
  },
  acceptedChains: {
    type: ['array', 'null'],
    items: {
      type: 'object',
      required: ['chainId', 'asset'],
      properties: { chainId: { type: 'integer' }, asset: { type: 'string' } },
    },
    description:
      'Every chain the request may be paid on and its token there, its own first; payments on each add up. Null for a priced request.',
  },
} as const satisfies Record<keyof PublicPaymentRequest, object>

/** The same shape as JSON Schema, for the OpenAPI document: every field is always there. */
export const publicPaymentRequestSchema = {
  type: 'object',
  required: Object.keys(properties),
  properties,
}
