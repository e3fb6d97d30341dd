import { eq } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { payments, subscriptionPlans } from '../../db/schema.ts'

/** The transaction that paid a period's request, once the chain has it. */
export async function paidTransaction(db: Db, requestId: string): Promise<string | null> {
  const [paid] = await db.select({ txHash: payments.txHash }).from(payments).where(eq(payments.requestId, requestId))
  return paid?.txHash ?? null
}

/** A plan's name, archived or not: a subscription's page names what it pays for. */
export async function planNameOf(db: Db, planId: string): Promise<string> {
  const [plan] = await db
    .select({ name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, planId))
  return plan?.name ?? ''
}
