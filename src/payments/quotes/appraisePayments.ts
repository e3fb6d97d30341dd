import { eq, sql } from 'drizzle-orm'
import type { Address, Chain, Hex, PublicClient } from 'viem'
import { PriceFeedError } from '../../chain/feeds/readPriceFeeds.ts'
import { chainFeedsOf } from '../../chain/priceFeeds.ts'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { apiKeys, paymentValues, priceQuotes } from '../../db/schema.ts'
import { checkPriceQuote } from '../../domain/checkPriceQuote.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { quoteRate, valueOf } from '../../domain/money.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { recomputeStatuses } from '../repository/recomputeStatuses.ts'
import { insertBlockValue } from './paymentValueRows.ts'
import { valueAtBlock } from './valueAtBlock.ts'
import type { Logger } from '../../domain/logger.ts'

export type AppraisalServices = {
  chainOf(chainId: number): { chain: Chain; confirmations: number } | undefined
  clientOf(chainId: number): PublicClient | undefined
  assets: readonly Asset[]
  logger: Logger
}

type Unvalued = {
  chain_id: number
  tx_hash: string
  log_index: number
  block_hash: string
  block_number: string
  block_time: string | Date
  amount: string
  quote_request_id: string
  asset: string
  payment_reference: string
  currency: string
  reference: string
  quote_key_id: string
}

/**
 * Payments to quotes' requests with no value yet for their present block in their priced request's
 * currency (new, or moved by a reorg), all or those of the requests named (quotes' or priced).
 */
async function unvaluedPayments(db: Db, quoteRequestIds: readonly string[] | undefined, limit: number) {
  const listed = sql`(select json_array_elements_text(${JSON.stringify(quoteRequestIds ?? [])}::json))`
  // A watcher announces the quote's request, or only its priced request when the quote's status came out the same.
  const only = quoteRequestIds ? sql`and (q.id in ${listed} or q.priced_request_id in ${listed})` : sql``
  return resultRows<Unvalued>(
    await db.execute(sql`
      select p.chain_id, p.tx_hash, p.log_index, p.block_hash, p.block_number, p.block_time, p.amount,
        q.id as quote_request_id, q.asset, q.reference as payment_reference, r.currency, r.reference, r.quote_key_id
      from payment_requests q
      join payments p on p.request_id = q.id
      join payment_requests r on r.id = q.priced_request_id
      where q.priced_request_id is not null ${only}
        and not exists (select 1 from payment_values v where v.chain_id = p.chain_id and v.tx_hash = p.tx_hash
          and v.log_index = p.log_index and v.block_hash = p.block_hash and v.currency = r.currency)
      order by p.block_number
      limit ${limit}`),
  )
}

/**
 * Values the payments of priced requests and recomputes those requests' statuses; returns the
 * requests whose status changed. A payment mined while its quote held counts at the quote, once the
 * quote is checked as a payer would check it (the quote key's signature, the feeds' own rounds); a
 * later one, or one whose quote does not check out, at the rates of its block.
 */
export async function appraisePayments(
  db: Db,
  services: AppraisalServices,
  { quoteRequestIds, limit = 100 }: { quoteRequestIds?: readonly string[]; limit?: number } = {},
): Promise<string[]> {
  const rows = await unvaluedPayments(db, quoteRequestIds, limit)
  const changed = new Set<string>()
  for (const row of rows) {
    const valued = await appraise(db, services, row).catch((error: unknown) => {
      if (!(error instanceof PriceFeedError)) throw error
      services.logger.warn(
        `[quotes] payment ${row.tx_hash}:${row.log_index} not valued yet (tried again later): ${error.shortMessage}`,
      )
      return false
    })
    if (!valued) continue
    const profile = services.chainOf(row.chain_id)!
    const head = await services.clientOf(row.chain_id)!.getBlockNumber()
    for (const id of await recomputeStatuses(db, [row.quote_request_id], {
      head,
      confirmations: profile.confirmations,
    }))
      changed.add(id)
  }
  return [...changed]
}

async function appraise(db: Db, services: AppraisalServices, row: Unvalued): Promise<boolean> {
  const profile = services.chainOf(row.chain_id)
  const client = services.clientOf(row.chain_id)
  const currency = fiatCurrency(row.currency)
  const asset = services.assets.find((a) => a.chainId === row.chain_id && a.address === row.asset)
  const chainFeeds = chainFeedsOf(row.chain_id)
  if (!profile || !client || !currency || !asset || !chainFeeds) return false
  const amount = BigInt(row.amount)
  const blockTime = new Date(row.block_time)
  const key = { chainId: row.chain_id, txHash: row.tx_hash, logIndex: row.log_index, blockHash: row.block_hash }
  const [quote] = await db.select().from(priceQuotes).where(eq(priceQuotes.requestId, row.quote_request_id))
  if (quote && blockTime.getTime() <= quote.expiresAt.getTime()) {
    const [quoteKey] = await db.select().from(apiKeys).where(eq(apiKeys.id, row.quote_key_id))
    const check = await checkPriceQuote(client, {
      terms: {
        chainId: row.chain_id,
        reference: row.reference as Hex,
        paymentReference: row.payment_reference as Hex,
        currency: currency.code,
        price: BigInt(quote.price),
        asset: asset.address,
        amount: BigInt(quote.amount),
        tokenFeed: quote.tokenFeed as Address,
        tokenRound: BigInt(quote.tokenRound),
        currencyFeed: quote.currencyFeed as Address | null,
        currencyRound: BigInt(quote.currencyRound ?? 0),
        expiresAt: quote.expiresAt,
      },
      signature: quote.signature as Hex,
      delegate: (quoteKey?.delegate ?? '0x0000000000000000000000000000000000000000') as Address,
      tokenDecimals: asset.decimals,
    })
    if (check.ok) {
      await db
        .insert(paymentValues)
        .values({
          ...key,
          currency: currency.code,
          // The quote's own proportion: its amount is worth its price exactly.
          value: valueOf(amount, quoteRate({ price: BigInt(quote.price), amount: BigInt(quote.amount) })).toString(),
          basis: 'quote',
          tokenFeed: quote.tokenFeed,
          tokenRound: quote.tokenRound,
          tokenAnswer: quote.tokenAnswer,
          tokenFeedDecimals: quote.tokenFeedDecimals,
          currencyFeed: quote.currencyFeed,
          currencyRound: quote.currencyRound,
          currencyAnswer: quote.currencyAnswer,
          currencyFeedDecimals: quote.currencyFeedDecimals,
        })
        .onConflictDoNothing()
      return true
    }
    services.logger.warn(
      `[quotes] the quote of request ${row.quote_request_id} does not check out (${check.problem}): its payment is valued at its block`,
    )
  }
  const value = await valueAtBlock({
    client,
    chainFeeds,
    chain: profile.chain,
    asset,
    amount,
    currency,
    blockNumber: BigInt(row.block_number),
  })
  await insertBlockValue(db, key, value)
  return true
}
