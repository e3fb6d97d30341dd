import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentValues } from '../../db/schema.ts'
import { listPaymentsOf, listPaymentsOfPriced, type PaymentRequestRow } from '../repository/paymentRequests.ts'

/** A payment as an invoice's proof lists it: the transaction, and its value in the invoice's currency when known. */
export type InvoicePayment = {
  chainId: number
  txHash: string
  blockNumber: bigint
  blockTime: Date
  amount: bigint
  symbol: string
  decimals: number
  /** In the invoice's minor units: the token amount itself for an invoice in a token; for one in a currency, its value once appraised. */
  value: bigint | undefined
}

/** The payments of an invoice's request, oldest first: its quotes' payments for one in a currency. */
export async function invoicePayments(db: Db, request: PaymentRequestRow): Promise<InvoicePayment[]> {
  if (!request.currency) {
    const rows = await listPaymentsOf(db, [request.id])
    return rows.map((p) => ({
      ...p,
      amount: BigInt(p.amount),
      symbol: request.symbol,
      decimals: request.decimals,
      value: BigInt(p.amount),
    }))
  }
  const rows = await listPaymentsOfPriced(db, request.id)
  const values = rows.length
    ? await db
        .select({
          txHash: paymentValues.txHash,
          logIndex: paymentValues.logIndex,
          blockHash: paymentValues.blockHash,
          value: sql<string>`${paymentValues.value}::text`,
        })
        .from(paymentValues)
        .where(
          and(
            eq(paymentValues.currency, request.currency),
            inArray(
              paymentValues.txHash,
              rows.map((r) => r.txHash),
            ),
          ),
        )
    : []
  return rows.map((p) => {
    const value = values.find((v) => v.txHash === p.txHash && v.logIndex === p.logIndex && v.blockHash === p.blockHash)
    return { ...p, amount: BigInt(p.amount), value: value ? BigInt(value.value) : undefined }
  })
}
