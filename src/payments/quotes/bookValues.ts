import { sql } from 'drizzle-orm'
import { PriceFeedError } from '../../chain/feeds/readPriceFeeds.ts'
import { chainFeedsOf } from '../../chain/priceFeeds.ts'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import type { AppraisalServices } from './appraisePayments.ts'
import { insertBlockValue } from './paymentValueRows.ts'
import { valueAtBlock } from './valueAtBlock.ts'

type Unbooked = {
  chain_id: number
  tx_hash: string
  log_index: number
  block_hash: string
  block_number: string
  amount: string
  asset: string
  currency: string
}

/**
 * Values every payment of the payees who keep books in a currency (`payee_settings`) at its block,
 * in that currency: the rounds of its block where the node keeps history, else the newest (marked).
 * A priced request's payment already valued in the same currency (at its quote) is not valued twice.
 * `requestIds` narrows it to the payments of those requests (or of their quotes). Returns how many it valued.
 */
export async function valueForBooks(
  db: Db,
  services: AppraisalServices,
  { requestIds, limit = 100 }: { requestIds?: readonly string[]; limit?: number } = {},
): Promise<number> {
  const listed = sql`(select json_array_elements_text(${JSON.stringify(requestIds ?? [])}::json))`
  const only = requestIds ? sql`and (r.id in ${listed} or r.priced_request_id in ${listed})` : sql``
  const rows = resultRows<Unbooked>(
    await db.execute(sql`
      select p.chain_id, p.tx_hash, p.log_index, p.block_hash, p.block_number, p.amount, r.asset,
        s.reporting_currency as currency
      from payee_settings s
      join payment_requests r on r.payee = s.address and r.currency is null
      join payments p on p.request_id = r.id
      where not exists (select 1 from payment_values v where v.chain_id = p.chain_id and v.tx_hash = p.tx_hash
          and v.log_index = p.log_index and v.block_hash = p.block_hash and v.currency = s.reporting_currency)
        -- A priced plan's charge in the books' currency is valued at its quote (valuePricedCharges).
        and not exists (select 1 from subscription_charges c where c.request_id = r.id
          and c.currency = s.reporting_currency)
        ${only}
      order by p.block_number
      limit ${limit}`),
  )
  let valued = 0
  for (const row of rows) {
    const profile = services.chainOf(row.chain_id)
    const client = services.clientOf(row.chain_id)
    const currency = fiatCurrency(row.currency)
    const asset = services.assets.find((a) => a.chainId === row.chain_id && a.address === row.asset)
    const chainFeeds = chainFeedsOf(row.chain_id)
    if (!profile || !client || !currency || !asset || !chainFeeds) continue
    const value = await valueAtBlock({
      client,
      chainFeeds,
      chain: profile.chain,
      asset,
      amount: BigInt(row.amount),
      currency,
      blockNumber: BigInt(row.block_number),
    }).catch((error: unknown) => {
      if (!(error instanceof PriceFeedError)) throw error
      services.logger.warn(
        `[books] payment ${row.tx_hash}:${row.log_index} not valued yet (tried again later): ${error.shortMessage}`,
      )
      return undefined
    })
    if (!value) continue
    await insertBlockValue(
      db,
      { chainId: row.chain_id, txHash: row.tx_hash, logIndex: row.log_index, blockHash: row.block_hash },
      value,
    )
    valued++
  }
  return valued
}
