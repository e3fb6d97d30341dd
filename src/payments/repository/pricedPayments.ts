import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import type { PaymentRequestRow } from './paymentRequests.ts'
import { pricedPaymentValues } from './pricedPaymentValues.ts'

export type PricedPayment = {
  chainId: number
  txHash: string
  logIndex: number
  from: string
  amount: string
  symbol: string
  decimals: number
  blockNumber: bigint
  blockTime: Date
  /** Minor units of the priced request's currency; null until valued. */
  value: string | null
  basis: string | null
  valueDecimals: number
}

/** A priced request's payments (to its quotes' requests), oldest first, each with its value in the request's currency. */
export async function listPricedPayments(db: Db, priced: PaymentRequestRow): Promise<PricedPayment[]> {
  if (priced.currency === null) return []
  const rows = await db
    .select({
      chainId: payments.chainId,
      txHash: payments.txHash,
      logIndex: payments.logIndex,
      from: payments.fromAddress,
      amount: sql<string>`${payments.amount}::text`,
      symbol: paymentRequests.symbol,
      decimals: paymentRequests.decimals,
      blockNumber: payments.blockNumber,
      blockTime: payments.blockTime,
    })
    .from(payments)
    .innerJoin(paymentRequests, eq(paymentRequests.id, payments.requestId))
    .where(eq(paymentRequests.pricedRequestId, priced.id))
    .orderBy(payments.blockNumber, payments.logIndex)
  const values = new Map(
    (await pricedPaymentValues(db, [priced.id])).map((v) => [`${v.chainId}:${v.txHash}:${v.logIndex}`, v]),
  )
  return rows.map((p) => {
    const valued = values.get(`${p.chainId}:${p.txHash}:${p.logIndex}`)
    return {
      ...p,
      value: valued?.value?.toString() ?? null,
      basis: valued?.value === null ? null : (valued?.basis ?? null),
      valueDecimals: priced.decimals,
    }
  })
}
