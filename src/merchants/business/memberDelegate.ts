import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import { getAddress, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { apiKeys, memberDelegates } from '../../db/schema.ts'
import { DEFAULT_DELEGATION_DAYS } from '../../domain/delegation.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { DelegationMissingError } from '../../domain/errors/apiKey.ts'
import { isShortId } from '../../domain/shortId.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { activateDelegation, createLinkKey, verifyDelegation, type ApiKeyRow } from '../apiKeys.ts'

/** The name the owner's wallet signs in the delegation, and the pay page shows as who signed a member's request. */
export const MEMBER_DELEGATE_NAME = 'Team'

/**
 * Step one: a delegate for the business's members (a key without a secret, as a payment link's),
 * waiting for the owner's wallet to sign its delegation. The one in use, if any, keeps signing until then.
 */
export const prepareMemberDelegate = (db: Db, box: SecretBox, business: Address): Promise<ApiKeyRow> =>
  createLinkKey(db, box, business, {
    name: MEMBER_DELEGATE_NAME,
    expiresAt: new Date(Date.now() + DEFAULT_DELEGATION_DAYS * 86_400_000),
  })

const noPending = () =>
  new NotFoundError({
    field: 'id',
    shortMessage: 'There is no members’ delegate waiting for your signature with this id. Prepare a new one.',
  })

/** Step two, before the change's transaction: the waiting delegate's delegation is signed by the owner (on chain for a contract wallet). */
export async function verifyMemberDelegate(
  db: Db,
  client: PublicClient,
  business: Address,
  id: string,
  signature: string,
): Promise<ApiKeyRow> {
  const [pending] = isShortId(id)
    ? await db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.id, id),
            eq(apiKeys.payee, getAddress(business)),
            eq(apiKeys.name, MEMBER_DELEGATE_NAME),
            isNull(apiKeys.secretHash),
          ),
        )
    : []
  if (!pending) throw noPending()
  return verifyDelegation(db, client, business, id, signature)
}

/**
 * Step two, with the signature checked: the delegate signs for the members from now on; the one it
 * replaces is revoked in the same transaction.
 */
export async function authoriseMemberDelegate(
  db: Db,
  business: Address,
  id: string,
  signature: string,
): Promise<ApiKeyRow> {
  const key = await activateDelegation(db, id, signature)
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ apiKeyId: memberDelegates.apiKeyId })
      .from(memberDelegates)
      .where(eq(memberDelegates.business, getAddress(business)))
      .for('update')
    if (previous)
      await tx
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(eq(apiKeys.id, previous.apiKeyId))
    await tx
      .insert(memberDelegates)
      .values({ business: getAddress(business), apiKeyId: key.id })
      .onConflictDoUpdate({ target: memberDelegates.business, set: { apiKeyId: key.id, createdAt: new Date() } })
    return key
  })
}

/** The business's members' delegate as it stands (authorised, revoked or expired), or undefined before the owner made one. */
export async function memberDelegateOf(db: Db, business: Address): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select({ key: apiKeys })
    .from(memberDelegates)
    .innerJoin(apiKeys, eq(apiKeys.id, memberDelegates.apiKeyId))
    .where(eq(memberDelegates.business, getAddress(business)))
  return row?.key
}

/** The delegate that may sign for the members now: authorised, not revoked, not expired. */
export async function workingMemberDelegate(db: Db, business: Address): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select({ key: apiKeys })
    .from(memberDelegates)
    .innerJoin(apiKeys, eq(apiKeys.id, memberDelegates.apiKeyId))
    .where(
      and(
        eq(memberDelegates.business, getAddress(business)),
        isNotNull(apiKeys.delegationSignature),
        isNull(apiKeys.revokedAt),
        gt(apiKeys.delegationExpiresAt, new Date()),
      ),
    )
  return row?.key
}

/** The working members' delegate, or DELEGATION_MISSING (`field`) saying the owner must authorise it on the Team page. */
export async function requireMemberDelegate(db: Db, business: Address, field = 'signature'): Promise<ApiKeyRow> {
  const key = await workingMemberDelegate(db, business)
  if (!key)
    throw new DelegationMissingError({
      field,
      shortMessage:
        "The owner has not authorised members to make this (or revoked it): the owner signs the members' delegation on the Team page.",
    })
  return key
}

/** Stops the members' delegate: members make nothing more until the owner authorises a new one; what it signed stays valid. */
export async function revokeMemberDelegate(db: Db, business: Address): Promise<ApiKeyRow> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(
      sql`${apiKeys.id} = (select ${memberDelegates.apiKeyId} from ${memberDelegates} where ${memberDelegates.business} = ${getAddress(business)})`,
    )
    .returning()
  if (!row)
    throw new NotFoundError({ field: 'business', shortMessage: 'This business has no members’ delegate to revoke.' })
  return row
}
