import { stringify } from 'csv-stringify/sync'
import { formatAmount } from '../../domain/amount.ts'
import type { PayoutLineRow, PayoutRow } from './preparePayout.ts'

/**
 * A payout for the books: one row a line, with what the chain shows of it (its transaction and
 * block time, empty while unpaid) and the recipient's receipt path. Amounts as decimals of the token.
 */
export function payoutCsv(payout: PayoutRow, lines: readonly PayoutLineRow[]): string {
  return stringify(
    lines.map((l) => [
      l.line,
      l.toAddress,
      formatAmount(BigInt(l.amount), l.decimals),
      l.symbol,
      l.note,
      l.txHash ? 'paid' : 'not paid',
      l.txHash ? `eip155:${payout.chainId}:${l.txHash}` : '',
      l.blockTime?.toISOString() ?? '',
      `/payout/${l.id}`,
    ]),
    {
      header: true,
      columns: ['line', 'to', 'amount', 'token', 'note', 'state', 'transaction', 'block_time', 'receipt'],
    },
  )
}
