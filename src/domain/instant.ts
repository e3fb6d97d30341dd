/** The instants Billfold stores: PostgreSQL and every client handle these, a year like 275760 not. */
export const EARLIEST_INSTANT = Date.UTC(1970, 0, 1)
export const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59)

export function isStorableInstant(date: Date): boolean {
  const t = date.getTime()
  return !Number.isNaN(t) && t >= EARLIEST_INSTANT && t <= LATEST_INSTANT
}
