import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { apiKeys } from '../../db/schema.ts'
import type { ApiKeyScope } from '../../domain/delegation.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { createApiKey, type ApiKeyRow } from '../apiKeys.ts'
import { requirePermission, requireScopes, type Actor } from './authorize.ts'
import { requireMemberDelegate } from './memberDelegate.ts'

/**
 * A key a member makes for the business: usable at once, with no delegation of its own for the
 * owner's wallet to sign; what it makes is signed by the members' delegate (signingKeyOf), so it
 * works only while the owner keeps that authorised. Its secret is returned this once.
 */
async function createMemberApiKey(
  db: Db,
  box: SecretBox,
  { business, member }: { business: Address; member: Address },
  draft: { name: string; scopes: ApiKeyScope[]; expiresAt: Date },
): Promise<{ row: ApiKeyRow; secret: string }> {
  await requireMemberDelegate(db, business, 'scopes')
  return db.transaction(async (tx) => {
    const { row, secret } = await createApiKey(tx, box, business, draft)
    const [made] = await tx
      .update(apiKeys)
      .set({ madeByMember: member, activatedAt: new Date() })
      .where(eq(apiKeys.id, row.id))
      .returning()
    return { row: made!, secret }
  })
}

/**
 * A key made by whoever acts for the business, with scopes their role holds: the owner's waits for
 * their wallet to sign its delegation (authoriseApiKey); a member's signs through the members' delegate.
 */
export async function createApiKeyFor(
  db: Db,
  box: SecretBox,
  actor: Actor,
  draft: { name: string; scopes: ApiKeyScope[]; expiresAt: Date },
): Promise<{ row: ApiKeyRow; secret: string }> {
  requirePermission(actor, 'apiKeys:manage')
  requireScopes(actor, draft.scopes)
  if (actor.role === 'owner') return createApiKey(db, box, actor.address as Address, draft)
  return createMemberApiKey(db, box, { business: actor.address as Address, member: actor.member as Address }, draft)
}
