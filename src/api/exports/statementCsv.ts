import { stringify } from 'csv-stringify/sync'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { formatAmount } from '../../domain/amount.ts'
import { reportingCurrencyOf } from '../../payments/repository/payeeSettings.ts'
import { safeText } from './safeText.ts'
import { chainNameOf } from '../../chain/chains.ts'
import { receivedInBooks } from '../../payments/books/receivedInBooks.ts'
import { lineRate, monthRange, statementLines } from '../../payments/repository/statement.ts'
import { BadUserInputError, badInput } from '../../domain/errors/input.ts'

/**
 * A month's statement for an accountant (`/export/statement.csv?month=2026-11`): every payment with
 * its token amount (and every refund, negative), its value in the payee's books currency at its block, the rate and the rounds
 * it came from, and the transaction; the last row is the total received in the books (the dashboard's figure for the month), the sum of the lines above it.
 */
export async function statementCsv(db: Db, payee: string, query: URLSearchParams): Promise<string> {
  const month = query.get('month') ?? ''
  const range = monthRange(month)
  if (!range) throw badInput('month', 'must be a month as YYYY-MM, e.g. "2026-11".')
  const currency = await reportingCurrencyOf(db, payee)
  if (!currency)
    throw new BadUserInputError({
      field: 'currency',
      shortMessage: 'Choose the currency your books are kept in (Settings) first.',
    })
  const [lines, { total, unvalued }] = await Promise.all([
    statementLines(db, getAddress(payee), currency.code, range),
    receivedInBooks(db, getAddress(payee), range, currency.code),
  ])
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
