import { sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { paymentRequests } from '../../db/schema.ts'
import type { RequestFilter } from '../requestFilter.ts'
import { requestConditions } from './requestListing.ts'
import { cumulativeShare, feedRate, ONE_USD, valueOf } from '../../domain/money.ts'

/**
 * One payment on a monthly statement, with its value in the books' currency (null until valued); or
 * one refund, its amount and value negative.
 */
export type StatementLine = {
  kind: 'payment' | 'refund'
  blockTime: Date
  chainId: number
  txHash: string
  logIndex: number
  blockNumber: bigint
  /** Who paid; for a refund, whom it went to. */
  from: string
  /** The request the payee made: a priced request for a payment to one of its quotes. */
  requestId: string
  memo: string
  asset: string
  symbol: string
  decimals: number
  amount: bigint
  value: bigint | null
  basis: string | null
  tokenFeed: string | null
  tokenRound: string | null
  tokenAnswer: bigint | null
  tokenFeedDecimals: number | null
  currencyFeed: string | null
  currencyRound: string | null
  currencyAnswer: bigint | null
  currencyFeedDecimals: number | null
}

type Row = Record<string, unknown>
const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string))

/**
 * The payee's payments with a block time in [from, to), oldest first, each with its value in
 * `currency` for the block it is in now: what a monthly statement lists.
 */
export async function statementLines(
  db: Db,
  payee: string,
  currency: string,
  { from, to }: { from: Date; to: Date },
): Promise<StatementLine[]> {
  const rows = resultRows<Row>(
    await db.execute(sql`
      select p.block_time, p.chain_id, p.tx_hash, p.log_index, p.block_number, p.from_address,
        coalesce(r.priced_request_id, r.id) as request_id, r.memo, r.asset, r.symbol, r.decimals, p.amount,
        v.value, v.basis, v.token_feed, v.token_round, v.token_answer, v.token_feed_decimals,
        v.currency_feed, v.currency_round, v.currency_answer, v.currency_feed_decimals
      from payments p
      join payment_requests r on r.id = p.request_id
      left join payment_values v on v.chain_id = p.chain_id and v.tx_hash = p.tx_hash and v.log_index = p.log_index
        and v.block_hash = p.block_hash and v.currency = ${currency}
      where r.payee = ${payee} and p.block_time >= ${from.toISOString()}::timestamptz
        and p.block_time < ${to.toISOString()}::timestamptz
      order by p.block_time, p.chain_id, p.block_number, p.log_index`),
  )
  const payments = rows.map((r) => ({
    kind: 'payment' as const,
    blockTime: new Date(r.block_time as string),
    chainId: Number(r.chain_id),
    txHash: r.tx_hash as string,
    logIndex: Number(r.log_index),
    blockNumber: BigInt(r.block_number as string),
    from: r.from_address as string,
    requestId: r.request_id as string,
    memo: r.memo as string,
    asset: r.asset as string,
    symbol: r.symbol as string,
    decimals: Number(r.decimals),
    amount: BigInt(r.amount as string),
    value: big(r.value),
    basis: (r.basis as string | null) ?? null,
    tokenFeed: (r.token_feed as string | null) ?? null,
    tokenRound: r.token_round === null ? null : String(r.token_round),
    tokenAnswer: big(r.token_answer),
    tokenFeedDecimals: r.token_feed_decimals === null ? null : Number(r.token_feed_decimals),
    currencyFeed: (r.currency_feed as string | null) ?? null,
    currencyRound: r.currency_round === null ? null : String(r.currency_round),
    currencyAnswer: big(r.currency_answer),
    currencyFeedDecimals: r.currency_feed_decimals === null ? null : Number(r.currency_feed_decimals),
  }))
  const refunds = await refundLines(db, payee, currency, { from, to })
  return [...payments, ...refunds].sort((a, b) => a.blockTime.getTime() - b.blockTime.getTime())
}

/**
 * The payee's refunds with a block time in [from, to) (either end open), of the requests `filter`
 * picks, each valued as a reversal: at the rate its request's payments were valued at (their value
 * over their amount), so a request refunded in full nets to nothing in the books whatever the rate
 * did since. A request's refunds, in the order they were mined, take their shares of that value
 * cumulatively, so parts that add up to what was paid add up to its value to the minor unit. Null
 * while no payment of it is valued.
 */
export async function refundLines(
  db: Db,
  payee: string,
  currency: string,
  filter: RequestFilter,
): Promise<StatementLine[]> {
  const before = filter.to ? sql`and t.block_time < ${filter.to.toISOString()}::timestamptz` : sql``
  const since = filter.from ? sql`and t.block_time >= ${filter.from.toISOString()}::timestamptz` : sql``
  const rows = resultRows<Row>(
    await db.execute(sql`
      select t.*, ${paymentRequests.memo} as memo, ${paymentRequests.asset} as asset,
        ${paymentRequests.symbol} as symbol, ${paymentRequests.decimals} as decimals,
        valued.value, valued.amount as valued_amount
      from (
        select t.block_time, t.chain_id, t.tx_hash, t.log_index, t.block_number, t.to_address, t.request_id, t.amount,
          sum(t.amount) over (partition by t.request_id order by t.block_number, t.chain_id, t.log_index, t.tx_hash
            rows between unbounded preceding and current row) as refunded_through
        from refund_transfers t
        join payment_requests r on r.id = t.request_id
        where r.payee = ${payee} ${before}) t
      join ${paymentRequests} on ${paymentRequests.id} = t.request_id
      left join lateral (
        select sum(v.value) as value, sum(p.amount) as amount from payments p
        join payment_values v on v.chain_id = p.chain_id and v.tx_hash = p.tx_hash and v.log_index = p.log_index
          and v.block_hash = p.block_hash and v.currency = ${currency}
        where p.request_id = ${paymentRequests.id}) valued on true
      where ${requestConditions(payee, filter, { withCreated: false, withQuotes: true })} ${since}`),
  )
  return rows.map((r) => {
    const amount = BigInt(r.amount as string)
    const valuedAmount = big(r.valued_amount)
    const through = BigInt(r.refunded_through as string)
    const value = valuedAmount
      ? -cumulativeShare({ amount: valuedAmount, value: BigInt(r.value as string) }, through - amount, through)
      : null
    return {
      kind: 'refund' as const,
      blockTime: new Date(r.block_time as string),
      chainId: Number(r.chain_id),
      txHash: r.tx_hash as string,
      logIndex: Number(r.log_index),
      blockNumber: BigInt(r.block_number as string),
      from: r.to_address as string,
      requestId: r.request_id as string,
      memo: r.memo as string,
      asset: r.asset as string,
      symbol: r.symbol as string,
      decimals: Number(r.decimals),
      amount: -amount,
      value,
      basis: value === null ? null : 'refund',
      ...NO_ROUNDS,
    }
  })
}

const NO_ROUNDS = {
  tokenFeed: null,
  tokenRound: null,
  tokenAnswer: null,
  tokenFeedDecimals: null,
  currencyFeed: null,
  currencyRound: null,
  currencyAnswer: null,
  currencyFeedDecimals: null,
}

/** A month as the statement takes it ("2026-11"), as its first instant and the next month's, in UTC. */
export function monthRange(month: string): { from: Date; to: Date } | undefined {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  if (!match) return undefined
  const [year, index] = [Number(match[1]), Number(match[2]) - 1]
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) }
}

/** Decimals a statement's rate is given with: a currency per token to the millionth. */
const RATE_DIGITS = 6

/**
 * What one unit of the token was worth in the currency at the rounds a line was valued at, rounded
 * down to `RATE_DIGITS` decimals (a plain decimal string); null for a line not valued yet.
 */
export function lineRate(
  line: Pick<StatementLine, 'tokenAnswer' | 'tokenFeedDecimals' | 'currencyAnswer' | 'currencyFeedDecimals'>,
): string | null {
  if (line.tokenAnswer === null || line.tokenFeedDecimals === null) return null
  // One whole token valued in millionths of the currency.
  const scaled = valueOf(
    1n,
    feedRate({
      currency: { code: '', minorDigits: RATE_DIGITS },
      tokenUsd: { answer: line.tokenAnswer, decimals: line.tokenFeedDecimals },
      currencyUsd:
        line.currencyAnswer === null
          ? ONE_USD
          : { answer: line.currencyAnswer, decimals: line.currencyFeedDecimals ?? 0 },
      tokenDecimals: 0,
    }),
  )
  const text = scaled.toString().padStart(RATE_DIGITS + 1, '0')
  return `${text.slice(0, -RATE_DIGITS)}.${text.slice(-RATE_DIGITS)}`
}
