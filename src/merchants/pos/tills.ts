import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { getAddress, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { apiKeys, memberDelegates, tills } from '../../db/schema.ts'
import { DEFAULT_DELEGATION_DAYS } from '../../domain/delegation.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { checkTillDraft, type TillDraft } from '../../domain/pos/tillDraft.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import { activateDelegation, createLinkKey, verifyDelegation, type ApiKeyRow } from '../apiKeys.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { assertDelegationUsable } from '../merchantRequest.ts'
import { requireMemberDelegate } from '../business/memberDelegate.ts'
import { memberOfKey, signingKeyOf } from '../business/signingKey.ts'

export type TillRow = typeof tills.$inferSelect

export const tillNotFound = () =>
  new NotFoundError({ field: 'id', shortMessage: 'There is no till with this id, or it was closed.' })

type TillOffered = { assets: readonly Asset[]; quotable: readonly Asset[]; currencies: readonly string[] }

async function insertTill(
  db: Db,
  payee: Address,
  checked: ReturnType<typeof checkTillDraft>,
  signer: { apiKeyId: string; madeByMember: string | null },
): Promise<TillRow> {
  const [till] = await db
    .insert(tills)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      ...signer,
      name: checked.name,
      chainId: checked.chainId,
      asset: checked.asset.address,
      currency: checked.currency,
      items: checked.items,
      tipsBps: checked.tipsBps,
    })
    .returning()
  return till!
}

/**
 * Step one of a new till: its terms and its own delegate (a key with no scopes, as a payment link's),
 * waiting for the payee's wallet to sign the delegation. The delegate signs each sale's request, so
 * the till sells without the payee's wallet at hand.
 */
export async function prepareTill(db: Db, box: SecretBox, payee: Address, draft: TillDraft, offered: TillOffered) {
  const checked = checkTillDraft(draft, offered)
  const key = await createLinkKey(db, box, payee, {
    name: checked.name,
    expiresAt: new Date(Date.now() + DEFAULT_DELEGATION_DAYS * 86_400_000),
  })
  const till = await insertTill(db, payee, checked, { apiKeyId: key.id, madeByMember: null })
  return { till, key }
}

/**
 * A till a member sets up, in one step: its sales are signed by the members' delegate the owner
 * authorised (no delegation of its own to sign), and it stops selling while that is revoked.
 */
export async function createMemberTill(
  db: Db,
  payee: Address,
  member: Address,
  draft: TillDraft,
  offered: TillOffered,
): Promise<TillRow> {
  const checked = checkTillDraft(draft, offered)
  const delegate = await requireMemberDelegate(db, payee)
  return insertTill(db, payee, checked, { apiKeyId: delegate.id, madeByMember: getAddress(member) })
}

/**
 * A till a shop's server sets up with its key: its sales are signed as the key's requests are, by
 * the key's own delegate (the owner's key: revoking the key closes the till) or, for a member's
 * key, by the members' delegate.
 */
export async function createKeyTill(db: Db, key: ApiKeyRow, draft: TillDraft, offered: TillOffered): Promise<TillRow> {
  const checked = checkTillDraft(draft, offered)
  assertDelegationUsable(await signingKeyOf(db, key))
  return insertTill(db, key.payee as Address, checked, { apiKeyId: key.id, madeByMember: memberOfKey(key) })
}

/** Step two, before the change's transaction: the till's delegation is signed by the payee (on chain for a contract wallet). */
export async function verifyTillSignature(
  db: Db,
  client: PublicClient,
  payee: Address,
  id: string,
  signature: string,
): Promise<TillRow> {
  const [till] = isShortId(id)
    ? await db
        .select()
        .from(tills)
        .where(and(eq(tills.id, id), eq(tills.payee, getAddress(payee))))
    : []
  if (!till) throw tillNotFound()
  await verifyDelegation(db, client, payee, till.apiKeyId, signature)
  return till
}

/** Step two, in the change's transaction: with the delegation signed and checked, the till sells. */
export async function activateTill(db: Db, till: TillRow, signature: string): Promise<TillRow> {
  await activateDelegation(db, till.apiKeyId, signature)
  return till
}

/**
 * The key that signs a till's sales: the members' delegate for a till a member set up (whichever the
 * owner authorised last), else the till's own key (its delegate, or the key that set it up).
 */
const tillSigningKey = sql`case when ${tills.madeByMember} is null then ${tills.apiKeyId} else (select ${memberDelegates.apiKeyId} from ${memberDelegates} where ${memberDelegates.business} = ${tills.payee}) end`

/** A till that sells: activated, not closed, its signing key not revoked. */
export async function findWorkingTill(db: Db, id: string): Promise<{ till: TillRow; key: ApiKeyRow } | undefined> {
  if (!isShortId(id)) return undefined
  const [found] = await db
    .select({ till: tills, key: apiKeys })
    .from(tills)
    .innerJoin(apiKeys, eq(apiKeys.id, tillSigningKey))
    .where(
      and(
        eq(tills.id, id),
        sql`${tills.disabledAt} is null`,
        isNotNull(apiKeys.activatedAt),
        sql`${apiKeys.revokedAt} is null`,
      ),
    )
  return found
}

/** A payee's working tills, newest first. */
export async function listTills(db: Db, payee: Address): Promise<TillRow[]> {
  const rows = await db
    .select({ till: tills })
    .from(tills)
    .innerJoin(apiKeys, eq(apiKeys.id, tillSigningKey))
    .where(
      and(
        eq(tills.payee, getAddress(payee)),
        sql`${tills.disabledAt} is null`,
        isNotNull(apiKeys.activatedAt),
        sql`${apiKeys.revokedAt} is null`,
      ),
    )
    .orderBy(desc(tills.createdAt))
  return rows.map((r) => r.till)
}
