import { and, eq, gt, isNull } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, tillSales, tills } from '../../db/schema.ts'
import { cancelUnpaidRequest } from '../../payments/repository/paymentRequests.ts'

/**
 * Cancels the sales `member` charged at the business's tills that still wait for their money, when
 * the member may no longer sell there: nobody watches them, and the till's fixed link would keep
 * offering them. A sale whose payment is already seen is left to finish; the tills, their links and
 * their reports stay the business's. A payment that still arrives for a cancelled sale is recorded
 * against its request as any cancelled request's is. The ids of the requests cancelled.
 */
export async function cancelOpenSalesOf(db: Db, business: Address, member: Address): Promise<string[]> {
  const open = await db
    .select({ requestId: tillSales.requestId })
    .from(tillSales)
    .innerJoin(tills, eq(tills.id, tillSales.tillId))
    .innerJoin(paymentRequests, eq(paymentRequests.id, tillSales.requestId))
    .where(
      and(
        eq(tillSales.soldBy, getAddress(member)),
        eq(tills.payee, getAddress(business)),
        eq(paymentRequests.status, 'open'),
        isNull(paymentRequests.cancelledAt),
        gt(paymentRequests.dueAt, new Date()),
      ),
    )
  const cancelled: string[] = []
  for (const { requestId } of open) if (await cancelUnpaidRequest(db, requestId)) cancelled.push(requestId)
  return cancelled
}
