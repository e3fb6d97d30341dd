import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { apiKeys, schedules } from '../../db/schema.ts'
import { formatAmount } from '../../domain/amount.ts'
import { MAX_MEMO_LENGTH, type Asset } from '../../domain/paymentRequest.ts'
import { periodStart } from '../../domain/schedule/schedulePeriods.ts'
import { insertPaymentRequest, type PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { signMerchantRequest } from '../merchantRequest.ts'
import type { DelegateSignature } from '../signing/delegateSignature.ts'
import type { ScheduleRow } from './scheduleStore.ts'

const DAY_MS = 86_400_000
/** A period issued late (the servers were down when it began) is still payable for at least this long. */
const MIN_PAYABLE_MS = DAY_MS

export type ScheduleIssuerOptions = {
  db: Db
  signAsDelegate: DelegateSignature
  assets: readonly Asset[]
  client: (chainId: number) => PublicClient | undefined
  now?: () => Date
  /** Only this schedule's periods (the one just authorised), not every schedule's. */
  scheduleId?: string
}

export type IssuedPeriod = { schedule: ScheduleRow; request: PaymentRequestRow }

/**
 * Issues every period that has started, each in its own transaction: the schedule's row claimed
 * with `FOR UPDATE SKIP LOCKED` (another server takes another schedule, or waits its turn), the
 * period's request signed by the schedule's delegate and stored, and the schedule moved to its next
 * period, together. A server killed midway leaves the period to the next claim; the unique index on
 * (schedule, period) is the last word. Returns what it issued.
 */
export async function issueDuePeriods(options: ScheduleIssuerOptions): Promise<IssuedPeriod[]> {
  const issued: IssuedPeriod[] = []
  for (;;) {
    const outcome = await issueNextPeriod(options)
    if (outcome === 'none') return issued
    if (outcome !== 'ended') issued.push(outcome)
  }
}

async function issueNextPeriod(options: ScheduleIssuerOptions): Promise<IssuedPeriod | 'ended' | 'none'> {
  const now = options.now?.() ?? new Date()
  return options.db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(schedules)
      .where(
        and(
          isNotNull(schedules.activatedAt),
          isNull(schedules.pausedAt),
          isNull(schedules.stoppedAt),
          lte(schedules.nextAt, now),
          options.scheduleId === undefined ? undefined : eq(schedules.id, options.scheduleId),
        ),
      )
      .orderBy(asc(schedules.nextAt))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!schedule) return 'none'
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, schedule.apiKeyId))
    const asset = options.assets.find((a) => a.chainId === schedule.chainId && a.address === schedule.asset)
    const ended =
      !key || key.revokedAt
        ? 'key_revoked'
        : key.delegationExpiresAt <= now
          ? 'delegation_expired'
          : !asset
            ? 'asset_unavailable'
            : null
    if (ended) {
      await tx.update(schedules).set({ stoppedAt: now, endedBecause: ended }).where(eq(schedules.id, schedule.id))
      return 'ended'
    }
    const period = schedule.nextPeriod
    const start = periodStart(schedule, period)
    const signed = await signMerchantRequest({
      input: {
        chainId: schedule.chainId,
        asset: schedule.asset,
        amount: formatAmount(BigInt(schedule.amount), asset!.decimals),
        memo: periodMemo(schedule.memo, start),
        dueAt: new Date(
          Math.max(start.getTime() + schedule.dueDays * DAY_MS, now.getTime() + MIN_PAYABLE_MS),
        ).toISOString(),
        payer: schedule.payer,
        redirectUrl: null,
        metadata: { scheduleId: schedule.id, period: period + 1, periodStart: start.toISOString().slice(0, 10) },
      },
      key: key!,
      signAsDelegate: options.signAsDelegate,
      assets: options.assets,
      client: options.client,
    })
    const request = await insertPaymentRequest(tx, { ...signed, schedule: { id: schedule.id, period } })
    const following = period + 1
    const finished = schedule.count !== null && following >= schedule.count
    const [moved] = await tx
      .update(schedules)
      .set({
        nextPeriod: following,
        nextAt: periodStart(schedule, following),
        ...(finished ? { stoppedAt: now, endedBecause: 'finished' } : {}),
      })
      .where(eq(schedules.id, schedule.id))
      .returning()
    return { schedule: moved!, request }
  })
}

/** The payee's memo with the period's first day (ISO, the same in every language), within the memo's limit. */
function periodMemo(memo: string, start: Date): string {
  const suffix = ` · ${start.toISOString().slice(0, 10)}`
  return [...memo].slice(0, MAX_MEMO_LENGTH - suffix.length).join('') + suffix
}
