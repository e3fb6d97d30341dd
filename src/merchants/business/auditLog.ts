import { and, asc, desc, eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { auditLog } from '../../db/schema.ts'
import type { Actor } from './authorize.ts'

export type AuditEntry = typeof auditLog.$inferSelect

/** Records that `actor` did `action` (to `objectId`) from `clientIp`; in the caller's transaction when it has one. */
export async function recordAudit(
  db: Db,
  actor: Pick<Actor, 'address' | 'member' | 'role' | 'apiKey'>,
  { action, objectId, clientIp }: { action: string; objectId?: string | null; clientIp: string },
): Promise<void> {
  await db.insert(auditLog).values({
    business: actor.address,
    // A key is named by its id; its role is its member's, within the key's scopes.
    actor: actor.apiKey ? `apiKey:${actor.apiKey.id}` : actor.member,
    role: actor.role,
    action,
    objectId: objectId ?? null,
    clientIp,
  })
}

/** A business's audit log, newest first, `first` entries before the entry `before` (an id). */
export async function listAudit(
  db: Db,
  business: string,
  { first, before }: { first: number; before?: number },
): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.business, business), before === undefined ? undefined : lt(auditLog.id, before)))
    .orderBy(desc(auditLog.id))
    .limit(first)
}

/** The whole log of a business, oldest first, for its CSV export. */
export async function auditForExport(db: Db, business: string): Promise<AuditEntry[]> {
  return db.select().from(auditLog).where(eq(auditLog.business, business)).orderBy(asc(auditLog.id))
}
