import type { Address } from 'viem'
import { issueDuePeriods, type ScheduleIssuerOptions } from './issueDuePeriods.ts'
import { ownSchedule, type ScheduleRow } from './scheduleStore.ts'

/**
 * A schedule just authorised (by the payee's wallet or an API key's delegate): its periods that
 * have begun are issued before the answer, so its first request is there at once; the issuer on
 * every server takes the later ones. Issuing here is the issuer's own claim, so the two never issue
 * a period twice; should it fail, the issuer's next sweep issues it.
 */
export async function issueBegunPeriods(
  options: Omit<ScheduleIssuerOptions, 'scheduleId'>,
  payee: Address,
  schedule: ScheduleRow,
): Promise<ScheduleRow> {
  const issued = await issueDuePeriods({ ...options, scheduleId: schedule.id }).catch(() => [])
  return issued.length > 0 ? ownSchedule(options.db, payee, schedule.id) : schedule
}
