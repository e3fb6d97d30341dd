import { getTableColumns, type Table } from 'drizzle-orm'

/** The rows of a hand-written statement, whichever driver ran it (postgres.js answers an array, PGlite `{ rows }`). */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/**
 * A row a hand-written statement returned (`returning *`), read as the query builder reads its own:
 * each column's driver value mapped to its type (dates, bigints, JSON), keyed by its field name.
 */
export function driverRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name]
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}

/** Whether a statement failed on the unique constraint `constraint` (PostgreSQL's 23505), as either driver reports it. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const {
      code,
      constraint_name,
      constraint: named,
    } = e as { code?: string; constraint_name?: string; constraint?: string }
    if (code === '23505') return (constraint_name ?? named) === constraint
  }
  return false
}
