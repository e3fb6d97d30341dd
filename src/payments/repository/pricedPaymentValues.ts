import { sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { feedRate, ONE_USD, quoteRate, runningValues, type Rate } from '../../domain/money.ts'

/** A payment to one of a priced request's quotes, with what it counts for against the price. */
export type PricedPaymentValue = {
  /** The priced request. */
  requestId: string
  chainId: number
  txHash: string
  logIndex: number
  amount: bigint
  blockNumber: bigint
  blockTime: Date
  /**
   * Its share of the value of everything received so far, in the request's currency: the running
   * total rounded once, less what the payments before it counted for. Null until it is valued.
   */
  value: bigint | null
  basis: string | null
  /** What `payment_values` holds for it now, and the key of that row. */
  stored: bigint | null
  blockHash: string
  currency: string
}

type Row = {
  request_id: string
  chain_id: number
  tx_hash: string
  log_index: number
  block_hash: string
  amount: string
  block_number: string
  block_time: string | Date
  token_decimals: number
  currency: string
  value: string | null
  basis: string | null
  token_answer: string | null
  token_feed_decimals: number | null
  currency_answer: string | null
  currency_feed_decimals: number | null
  quote_price: string | null
  quote_amount: string | null
}

/**
 * The payments of these priced requests, each request's oldest first, valued as a running total:
 * two transfers that together make a quote's amount count for its price, however the amount is
 * split. Each payment's exact value comes from the rate it was valued at (its quote's, or its
 * block's rounds), so nothing is rounded until the total is.
 */
export async function pricedPaymentValues(db: Db, pricedIds: readonly string[]): Promise<PricedPaymentValue[]> {
  if (pricedIds.length === 0) return []
  const rows = resultRows<Row>(
    await db.execute(sql`
      select q.priced_request_id as request_id, p.chain_id, p.tx_hash, p.log_index, p.block_hash, p.amount, p.block_number,
        p.block_time, q.decimals as token_decimals, r.currency, v.value, v.basis, v.token_answer,
        v.token_feed_decimals, v.currency_answer, v.currency_feed_decimals,
        pq.price as quote_price, pq.amount as quote_amount
      from payment_requests q
      join payments p on p.request_id = q.id
      join payment_requests r on r.id = q.priced_request_id
      left join payment_values v on v.chain_id = p.chain_id and v.tx_hash = p.tx_hash and v.log_index = p.log_index
        and v.block_hash = p.block_hash and v.currency = r.currency
      left join price_quotes pq on pq.request_id = q.id
      where q.priced_request_id in (select json_array_elements_text(${JSON.stringify(pricedIds)}::json))
      order by q.priced_request_id, p.block_number, p.log_index, p.chain_id`),
  )
  const byRequest = new Map<string, Row[]>()
  for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row])
  return [...byRequest.values()].flatMap((own) => {
    const valued = own.filter((row) => row.value !== null)
    const shares = runningValues(valued.map((row) => ({ amount: BigInt(row.amount), rate: rateOf(row) })))
    const shareOf = new Map(valued.map((row, i) => [row, shares[i]!]))
    return own.map((row) => ({
      requestId: row.request_id,
      chainId: Number(row.chain_id),
      txHash: row.tx_hash,
      logIndex: Number(row.log_index),
      amount: BigInt(row.amount),
      blockNumber: BigInt(row.block_number),
      blockTime: new Date(row.block_time),
      value: shareOf.get(row) ?? null,
      basis: row.basis,
      stored: row.value === null ? null : BigInt(row.value),
      blockHash: row.block_hash,
      currency: row.currency,
    }))
  })
}

/**
 * The rate a stored value was computed at: its quote's own, or the rounds it names. Should neither
 * be readable, the stored value itself stands as exact, so one odd row never stops the watcher.
 */
function rateOf(row: Row): Rate {
  const amount = BigInt(row.amount)
  const [price, quoted] = [BigInt(row.quote_price ?? 0), BigInt(row.quote_amount ?? 0)]
  if (row.basis === 'quote' && price > 0n && quoted > 0n) return quoteRate({ price, amount: quoted })
  const currency = fiatCurrency(row.currency)
  if (row.basis !== 'quote' && currency && row.token_answer !== null && BigInt(row.token_answer) > 0n)
    try {
      return feedRate({
        currency,
        tokenUsd: { answer: BigInt(row.token_answer), decimals: Number(row.token_feed_decimals) },
        currencyUsd:
          row.currency_answer === null
            ? ONE_USD
            : { answer: BigInt(row.currency_answer), decimals: Number(row.currency_feed_decimals) },
        tokenDecimals: Number(row.token_decimals),
      })
    } catch (error) {
      if (!(error instanceof RangeError)) throw error
    }
  return amount > 0n ? { perUnit: BigInt(row.value ?? 0), units: amount } : { perUnit: 0n, units: 1n }
}

/**
 * Keeps each payment's kept value in its priced request's currency at its share of the running
 * total, so that the books (statement, dashboard, exports) add up to what the request received.
 */
export async function keepShares(db: Db, values: readonly PricedPaymentValue[]) {
  const changed = values
    .filter((v) => v.value !== null && v.value !== v.stored)
    .map((v) => ({
      chain_id: v.chainId,
      tx_hash: v.txHash,
      log_index: v.logIndex,
      block_hash: v.blockHash,
      currency: v.currency,
      value: v.value!.toString(),
    }))
  if (changed.length === 0) return
  await db.execute(sql`
    update payment_values v set value = c.value
    from json_to_recordset(${JSON.stringify(changed)}::json)
      as c(chain_id integer, tx_hash text, log_index integer, block_hash text, currency text, value numeric)
    where v.chain_id = c.chain_id and v.tx_hash = c.tx_hash and v.log_index = c.log_index
      and v.block_hash = c.block_hash and v.currency = c.currency`)
}
