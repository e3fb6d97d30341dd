import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentValues, payments, subscriptionCharges } from '../../db/schema.ts'
import { quoteRate, valueOf } from '../../domain/money.ts'

/**
 * Values the payments of paid charges of priced plans in the plan's currency at their charge's quote,
 * as a priced request's payment is valued at its quote (its token amount is worth its price exactly):
 * the books (statement, dashboard, exports) read it like any payment. A value already kept stays.
 */
export async function valuePricedCharges(db: Db) {
  const rows = await db
    .select({ payment: payments, charge: subscriptionCharges })
    .from(subscriptionCharges)
    .innerJoin(payments, eq(payments.requestId, subscriptionCharges.requestId))
    .where(
      and(
        eq(subscriptionCharges.state, 'paid'),
        isNotNull(subscriptionCharges.quote),
        sql`not exists (select 1 from ${paymentValues} v where v.chain_id = ${payments.chainId}
          and v.tx_hash = ${payments.txHash} and v.log_index = ${payments.logIndex}
          and v.block_hash = ${payments.blockHash} and v.currency = ${subscriptionCharges.currency})`,
      ),
    )
  for (const { payment, charge } of rows) {
    const quote = charge.quote!
    await db
      .insert(paymentValues)
      .values({
        chainId: payment.chainId,
        txHash: payment.txHash,
        logIndex: payment.logIndex,
        blockHash: payment.blockHash,
        currency: charge.currency!,
        value: valueOf(
          BigInt(payment.amount),
          quoteRate({ price: BigInt(charge.price!), amount: BigInt(charge.amount) }),
        ).toString(),
        basis: 'quote',
        ...quote,
      })
      .onConflictDoNothing()
  }
}
