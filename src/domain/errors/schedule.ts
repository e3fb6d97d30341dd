import { ApiError } from './apiError.ts'

/** The schedule stopped for good: a new one bills again. */
export class ScheduleStoppedError extends ApiError {
  static override readonly code = 'SCHEDULE_STOPPED'
  declare readonly code: typeof ScheduleStoppedError.code
  override name = 'ScheduleStoppedError'
}
