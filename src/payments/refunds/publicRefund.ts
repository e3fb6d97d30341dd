import type { Address, Hex } from 'viem'
import { formatAmount } from '../../domain/amount.ts'
import { refundTransaction } from '../../domain/refund.ts'
import type { RefundWithTransfers } from './refundRows.ts'
import { refundState } from './refundState.ts'

/** A refund as the REST API shows it: amounts as strings in base units and as decimals, the transaction to send. */
export function publicRefund(
  refund: RefundWithTransfers,
  asset: { symbol: string; decimals: number },
  now = new Date(),
) {
  const transaction = refundTransaction({
    asset: refund.asset,
    to: refund.toAddress as Address,
    amount: BigInt(refund.amount),
    reference: refund.reference as Hex,
  })
  return {
    id: refund.id,
    requestId: refund.requestId,
    state: refundState(refund, now),
    chainId: refund.chainId,
    asset: refund.asset,
    symbol: asset.symbol,
    to: refund.toAddress,
    amount: String(refund.amount),
    amountDecimal: formatAmount(BigInt(refund.amount), asset.decimals),
    reference: refund.reference,
    createdAt: refund.createdAt.toISOString(),
    expiresAt: refund.expiresAt.toISOString(),
    transaction: {
      chainId: refund.chainId,
      from: refund.payee,
      to: transaction.to,
      value: transaction.value.toString(),
      data: transaction.data,
    },
    transfers: refund.transfers.map((t) => ({
      txHash: t.txHash,
      logIndex: t.logIndex,
      to: t.toAddress,
      amount: String(t.amount),
      amountDecimal: formatAmount(BigInt(t.amount), asset.decimals),
      blockNumber: t.blockNumber.toString(),
      blockTime: t.blockTime.toISOString(),
    })),
  }
}

const text = { type: 'string' } as const

/** The same shape as JSON Schema, for the OpenAPI document. */
export const publicRefundSchema = {
  type: 'object',
  required: [
    'id',
    'requestId',
    'state',
    'chainId',
    'asset',
    'symbol',
    'to',
    'amount',
    'amountDecimal',
    'reference',
    'createdAt',
    'expiresAt',
    'transaction',
    'transfers',
  ],
  properties: {
    id: text,
    requestId: text,
    state: {
      type: 'string',
      enum: ['awaiting_transfer', 'refunded', 'cancelled', 'expired'],
      description:
        'awaiting_transfer holds its amount until the transfer is seen on chain, it is cancelled, or expiresAt.',
    },
    chainId: { type: 'integer' },
    asset: { type: 'string', description: '"native" or the token contract: the request’s.' },
    symbol: text,
    to: text,
    amount: { type: 'string', description: 'In base units.' },
    amountDecimal: text,
    reference: {
      type: 'string',
      description: 'The 16 bytes the transfer carries after its arguments (or as its data).',
    },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    transaction: {
      type: 'object',
      description: 'The unsigned transaction for the payee’s wallet: send it from `from` as is.',
      required: ['chainId', 'from', 'to', 'value', 'data'],
      properties: {
        chainId: { type: 'integer' },
        from: text,
        to: text,
        value: { type: 'string', description: 'Wei, decimal.' },
        data: text,
      },
    },
    transfers: {
      type: 'array',
      description: 'What the chain showed for it, recorded by the watcher.',
      items: {
        type: 'object',
        required: ['txHash', 'logIndex', 'to', 'amount', 'amountDecimal', 'blockNumber', 'blockTime'],
        properties: {
          txHash: text,
          logIndex: { type: 'integer' },
          to: text,
          amount: text,
          amountDecimal: text,
          blockNumber: text,
          blockTime: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
}
