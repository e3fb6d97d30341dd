import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { journalTriggers } from './changeJournal/journalTriggers.ts'
import type { Db } from './database.ts'

const functionsFile = new URL('./functions.sql', import.meta.url)

/** The statements of functions.sql, then the journal triggers generated from the table definitions. */
export function functionStatements(): string[] {
  const file = readFileSync(functionsFile, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0)
  return [...file, ...journalTriggers()]
}

/** Applies the SQL functions and triggers in their current text, in one transaction, after the migrations. */
export async function applyFunctions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of functionStatements()) await tx.execute(sql.raw(statement))
  })
}
