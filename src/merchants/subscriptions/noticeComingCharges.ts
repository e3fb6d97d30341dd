import { sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'

/** How long before a period's charge its payer is told by e-mail (when they left an address). */
export const COMING_CHARGE_NOTICE_MS = 3 * 86_400_000

/**
 * Queues the e-mail that tells a payer a charge is coming, for each subscription still charged whose
 * next period starts within `COMING_CHARGE_NOTICE_MS` and is within its permission: once a period,
 * across servers and restarts (the subscription's `noticed_period` moved in the same statement, and
 * the outbox's dedupe key). A period that began before any server saw it gets no notice: its charge
 * is the news. Returns the subscriptions told.
 */
export async function noticeComingCharges(db: Db, now: Date): Promise<string[]> {
  const soon = new Date(now.getTime() + COMING_CHARGE_NOTICE_MS)
  const rows = await db.execute(sql`
    with told as (
      update subscriptions set noticed_period = next_period
      where state in ('active', 'past_due') and payer_email is not null
        and next_at > ${now.toISOString()}::timestamptz and next_at <= ${soon.toISOString()}::timestamptz and next_at < permission_expires_at
        and (count is null or next_period < count)
        and (noticed_period is null or noticed_period < next_period)
      returning id, payer_email, payer_language, next_period, payee
    )
    select id, billfold_queue_email('subscription_coming:' || id || ':' || next_period, 'subscription_coming', null,
      payer_email, payer_language, null, jsonb_build_object('subscriptionId', id, 'period', next_period::text))
    from told`)
  return resultRows<{ id: string }>(rows).map((r) => r.id)
}
