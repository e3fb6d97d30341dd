import type { ScheduleRow } from './scheduleStore.ts'

/** Where a schedule stands, as its payee and its payer are told. */
export type ScheduleState = 'awaiting_authorisation' | 'active' | 'paused' | 'stopped' | 'finished'

export function scheduleState(schedule: ScheduleRow): ScheduleState {
  if (!schedule.activatedAt) return 'awaiting_authorisation'
  if (schedule.stoppedAt) return schedule.endedBecause === 'finished' ? 'finished' : 'stopped'
  return schedule.pausedAt ? 'paused' : 'active'
}
