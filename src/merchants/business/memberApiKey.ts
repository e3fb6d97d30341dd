import { eq } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { apiKeys } from '../../db/schema.ts'
import type { ApiKeyScope } from '../../domain/delegation.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { createApiKey, type ApiKeyRow } from '../apiKeys.ts'
import type { Actor } from './authorize.ts'

/**
 * A key a member makes for the business: usable at once, with no delegation of its own for the
 * owner's wallet to sign; what it makes is signed by the members' delegate (signingKeyOf), so it
 * signs only while the owner keeps that authorised (it reads and manages webhooks regardless).
 * Its secret is returned this once.
 */
export async function createMemberApiKey(
  db: Db,
  box: SecretBox,
  actor: Actor,
  draft: { name: string; scopes: ApiKeyScope[]; expiresAt: Date },
): Promise<{ row: ApiKeyRow; secret: string }> {
  return db.transaction(async (tx) => {
    const { row, secret } = await createApiKey(tx, box, actor.address, draft, actor.member)
    const [made] = await tx.update(apiKeys).set({ activatedAt: new Date() }).where(eq(apiKeys.id, row.id)).returning()
    return { row: made!, secret }
  })
}
