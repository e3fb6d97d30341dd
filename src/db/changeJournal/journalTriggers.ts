import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { journaledTables } from './journaledTables.ts'

type Operation = 'INSERT' | 'UPDATE' | 'DELETE'

/** Numeric and bigint columns go into the journal as text: JSON numbers would round them. */
const keptAsText = (column: PgColumn) =>
  column.columnType === 'PgNumeric' || column.columnType === 'PgBigInt64' || column.columnType === 'PgBigInt53'

/** The columns of `table` the journal keeps as text, by name. */
export function textColumnsOf(table: PgTable): string[] {
  return getTableConfig(table)
    .columns.filter(keptAsText)
    .map((c) => c.name)
}

/**
 * The journal trigger of one table, generated from its columns (as Ponder generates its reorg
 * journal): dropped and made again at every start, so it always matches the table's definition.
 */
export function journalTriggerStatements(spec: {
  table: PgTable
  on: readonly Operation[]
  columns?: readonly PgColumn[]
  omit?: readonly PgColumn[]
}): string[] {
  const name = getTableConfig(spec.table).name
  const events = spec.on
    .map((op) =>
      op === 'UPDATE' && spec.columns ? `UPDATE OF ${spec.columns.map((c) => `"${c.name}"`).join(', ')}` : op,
    )
    .join(' OR ')
  const args = [textColumnsOf(spec.table), (spec.omit ?? []).map((c) => c.name)].map((names) => `'${names.join(',')}'`)
  return [
    `DROP TRIGGER IF EXISTS billfold_journal ON "${name}"`,
    `CREATE CONSTRAINT TRIGGER billfold_journal AFTER ${events} ON "${name}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billfold_journal_change(${args.join(', ')})`,
  ]
}

/** Every journaled table's trigger. */
export const journalTriggers = (): string[] => journaledTables.flatMap((spec) => journalTriggerStatements(spec))
