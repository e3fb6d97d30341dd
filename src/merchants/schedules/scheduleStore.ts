import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { getAddress, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, schedules } from '../../db/schema.ts'
import { checkPaymentRequestDraft, type Asset } from '../../domain/paymentRequest.ts'
import { checkScheduleDraft, type ScheduleDraft } from '../../domain/schedule/scheduleDraft.ts'
import { periodStart } from '../../domain/schedule/schedulePeriods.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { activateDelegation, createLinkKey, verifyDelegation, type ApiKeyRow } from '../apiKeys.ts'
import { assertDelegationUsable } from '../merchantRequest.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { ScheduleStoppedError } from '../../domain/errors/schedule.ts'
import { fieldErrors } from '../../domain/errors/input.ts'

export type ScheduleRow = typeof schedules.$inferSelect

/** A schedule's terms as typed: each period's request, and its calendar. */
export type ScheduleInput = ScheduleDraft & {
  chainId: number
  asset: string
  amount: string
  payer?: string | null
  memo: string
}

const DAY_MS = 86_400_000
/** The longest a schedule's delegation may last (an open-ended schedule's too): five years, as API keys. */
const MAX_DELEGATION_DAYS = 5 * 365

/** Every rule of a schedule, its request's and its calendar's, each problem naming its field; nothing stored. */
export function checkScheduleInput(input: ScheduleInput, assets: readonly Asset[], payee: Address, now: Date) {
  const calendar = checkScheduleDraft(input, now)
  const request = checkPaymentRequestDraft(
    {
      chainId: String(input.chainId),
      asset: input.asset,
      amount: input.amount,
      payer: input.payer ?? '',
      memo: input.memo,
      dueAt: new Date(now.getTime() + Math.max(1, input.dueDays || 1) * DAY_MS).toISOString(),
    },
    { assets, payee, now },
  )
  if (!calendar.ok || !request.ok)
    throw fieldErrors({ ...(request.ok ? {} : request.errors), ...(calendar.ok ? {} : calendar.errors) })
  return { calendar: calendar.schedule, terms: request.terms }
}

/**
 * Step one: the schedule and its delegate, waiting for the payee's wallet to sign the delegation
 * (until the last period's request is due, at most five years).
 */
export async function prepareSchedule(
  db: Db,
  box: SecretBox,
  assets: readonly Asset[],
  payee: Address,
  input: ScheduleInput,
  now = new Date(),
): Promise<{ schedule: ScheduleRow; key: ApiKeyRow }> {
  const { calendar, terms } = checkScheduleInput(input, assets, payee, now)
  const lastDue =
    calendar.count === null
      ? Infinity
      : periodStart(calendar, calendar.count - 1).getTime() + (calendar.dueDays + 30) * DAY_MS
  const expiresAt = new Date(Math.min(lastDue, now.getTime() + MAX_DELEGATION_DAYS * DAY_MS))
  const key = await createLinkKey(db, box, payee, { name: `Schedule: ${terms.memo || 'recurring request'}`, expiresAt })
  return { schedule: await insertSchedule(db, payee, key.id, { calendar, terms }), key }
}

/**
 * A schedule a merchant's server makes: signed by its API key's delegate, which the payee's wallet
 * authorised already, so it runs at once (within that delegation's life).
 */
export async function createKeySchedule(
  db: Db,
  assets: readonly Asset[],
  key: ApiKeyRow,
  input: ScheduleInput,
  now = new Date(),
): Promise<ScheduleRow> {
  assertDelegationUsable(key)
  const checked = checkScheduleInput(input, assets, key.payee as Address, now)
  return insertSchedule(db, key.payee as Address, key.id, checked, now)
}

/**
 * Step one for a member: the schedule, to be signed by the members' delegate the owner authorised
 * (`key`), so the member's wallet signs nothing; it runs once the member confirms it.
 */
export async function prepareDelegatedSchedule(
  db: Db,
  assets: readonly Asset[],
  key: ApiKeyRow,
  input: ScheduleInput,
  now = new Date(),
): Promise<ScheduleRow> {
  assertDelegationUsable(key)
  return insertSchedule(db, key.payee as Address, key.id, checkScheduleInput(input, assets, key.payee as Address, now))
}

async function insertSchedule(
  db: Db,
  payee: Address,
  apiKeyId: string,
  { calendar, terms }: ReturnType<typeof checkScheduleInput>,
  activatedAt: Date | null = null,
): Promise<ScheduleRow> {
  const [row] = await db
    .insert(schedules)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      apiKeyId,
      activatedAt,
      chainId: terms.chainId,
      asset: terms.asset,
      amount: terms.amount.toString(),
      payer: terms.payer,
      payerEmail: calendar.payerEmail,
      payerLanguage: calendar.payerLanguage,
      memo: terms.memo,
      interval: calendar.interval,
      day: calendar.day,
      month: calendar.month ?? null,
      startsOn: calendar.startsOn,
      count: calendar.count,
      dueDays: calendar.dueDays,
      nextAt: periodStart(calendar, 0),
    })
    .returning()
  return row!
}

/** Step two, before the change's transaction: the schedule's delegation is signed by the payee (on chain for a contract wallet). */
export async function verifyScheduleSignature(db: Db, client: PublicClient, payee: Address, id: string, sig: string) {
  const schedule = await ownSchedule(db, payee, id)
  await verifyDelegation(db, client, payee, schedule.apiKeyId, sig)
  return schedule
}

/** Step two, in the change's transaction: with the delegation signed and checked, the schedule issues its periods. */
export async function activateSchedule(db: Db, { id, apiKeyId }: ScheduleRow, signature: string) {
  await activateDelegation(db, apiKeyId, signature)
  const [row] = await db.update(schedules).set({ activatedAt: new Date() }).where(eq(schedules.id, id)).returning()
  return row!
}

/**
 * Step two for a member: the schedule runs, signed by the members' delegate working now (`key`), the
 * one that replaced it if the owner renewed it meanwhile.
 */
export async function activateDelegatedSchedule(db: Db, key: ApiKeyRow, id: string) {
  const schedule = await ownSchedule(db, key.payee as Address, id)
  if (schedule.activatedAt) return schedule
  const [row] = await db
    .update(schedules)
    .set({ apiKeyId: key.id, activatedAt: new Date() })
    .where(eq(schedules.id, id))
    .returning()
  return row!
}

export async function ownSchedule(db: Db, payee: Address, id: string): Promise<ScheduleRow> {
  const [row] = isShortId(id)
    ? await db
        .select()
        .from(schedules)
        .where(and(eq(schedules.id, id), eq(schedules.payee, getAddress(payee))))
    : []
  if (!row) throw new NotFoundError({ field: 'id', shortMessage: 'You have no schedule with this id.' })
  return row
}

/** A schedule anyone with its link may look at: authorised by the payee's wallet. */
export async function findPublicSchedule(db: Db, id: string): Promise<ScheduleRow | undefined> {
  if (!isShortId(id)) return undefined
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), isNotNull(schedules.activatedAt)))
  return row
}

/** A payee's authorised schedules, newest first. */
export function listSchedules(db: Db, payee: Address): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.payee, getAddress(payee)), isNotNull(schedules.activatedAt)))
    .orderBy(desc(schedules.createdAt))
}

/** The requests schedules issued, by schedule, each oldest period first. */
export async function periodRequests(db: Db, ids: readonly string[]): Promise<Map<string, PaymentRequestRow[]>> {
  const byId = new Map<string, PaymentRequestRow[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return byId
  const rows = await db
    .select()
    .from(paymentRequests)
    .where(inArray(paymentRequests.scheduleId, [...ids]))
    .orderBy(asc(paymentRequests.schedulePeriod))
  for (const row of rows) byId.get(row.scheduleId!)!.push(row)
  return byId
}

type Change = 'pause' | 'resume' | 'stop'

/**
 * Pauses (no period is issued while paused; those that start meanwhile are skipped, not issued late
 * on resuming), resumes, or stops for good. Stopping twice, or pausing a paused one, changes nothing.
 */
export async function changeSchedule(db: Db, payee: Address, id: string, change: Change, now = new Date()) {
  const schedule = await ownSchedule(db, payee, id)
  if (schedule.stoppedAt)
    throw new ScheduleStoppedError({
      field: 'id',
      shortMessage: 'This schedule has stopped; make a new one to bill again.',
    })
  const set =
    change === 'stop'
      ? { stoppedAt: now }
      : change === 'pause'
        ? { pausedAt: schedule.pausedAt ?? now }
        : { pausedAt: null, ...skipPausedPeriods(schedule, now) }
  const [row] = await db
    .update(schedules)
    .set(set)
    .where(and(eq(schedules.id, id), isNull(schedules.stoppedAt)))
    .returning()
  return row ?? schedule
}

/** On resuming: the next period is the first that starts after now (one that started while paused is not billed). */
function skipPausedPeriods(schedule: ScheduleRow, now: Date) {
  let next = schedule.nextPeriod
  while ((schedule.count === null || next < schedule.count) && periodStart(schedule, next).getTime() <= now.getTime())
    next++
  if (next === schedule.nextPeriod) return {}
  if (schedule.count !== null && next >= schedule.count)
    return { nextPeriod: next, nextAt: periodStart(schedule, next), stoppedAt: now, endedBecause: 'finished' }
  return { nextPeriod: next, nextAt: periodStart(schedule, next) }
}
