import { stringify } from 'csv-stringify/sync'
import { formatAmount } from '../../domain/amount.ts'
import { safeText } from './safeText.ts'
import { chainNameOf } from '../../chain/chains.ts'
import type { readStatement } from '../../merchants/books/booksUseCases.ts'
import { lineRate } from '../../payments/repository/statement.ts'

/**
 * A month's statement for an accountant (`/export/statement.csv?month=2026-11`): every payment with
 * its token amount (and every refund, negative), its value in the payee's books currency at its block, the rate and the rounds
 * it came from, and the transaction; the last row is the total received in the books (the dashboard's figure for the month), the sum of the lines above it.
 */
export function statementCsv({
  currency,
  lines,
  inBooks: { total, unvalued },
}: Awaited<ReturnType<typeof readStatement>>): string {
  const value = (minor: bigint | null) => (minor === null ? '' : formatAmount(minor, currency.minorDigits))
  return stringify(
    [
      ...lines.map((l) => ({
        kind: l.kind,
        block_time: l.blockTime.toISOString(),
        chain_id: l.chainId,
        chain_name: chainNameOf(l.chainId),
        tx_hash: l.txHash,
        log_index: l.logIndex,
        block_number: l.blockNumber.toString(),
        from: l.from,
        request_id: l.requestId,
        memo: safeText(l.memo),
        symbol: l.symbol,
        amount: formatAmount(l.amount, l.decimals),
        currency: currency.code,
        value: value(l.value),
        rate: lineRate(l) ?? '',
        valued_at: l.basis ?? 'not yet',
        token_feed: l.tokenFeed ?? '',
        token_round: l.tokenRound ?? '',
        currency_feed: l.currencyFeed ?? '',
        currency_round: l.currencyRound ?? '',
      })),
      {
        block_time: 'total',
        currency: currency.code,
        value: value(total),
        valued_at: unvalued ? `${unvalued} not yet` : '',
      },
    ],
    { header: true, columns: COLUMNS },
  )
}

const COLUMNS = [
  'kind',
  'block_time',
  'chain_id',
  'chain_name',
  'tx_hash',
  'log_index',
  'block_number',
  'from',
  'request_id',
  'memo',
  'symbol',
  'amount',
  'currency',
  'value',
  'rate',
  'valued_at',
  'token_feed',
  'token_round',
  'currency_feed',
  'currency_round',
]
