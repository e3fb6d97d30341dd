import { randomBytes } from 'node:crypto'
import { sha256Hex } from '../secrets/sha256Hex.ts'
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { getAddress, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Db } from '../db/createDatabase.ts'
import { apiKeys } from '../db/schema.ts'
import { API_KEY_SCOPES, MAX_DELEGATION_DAYS, delegationTypedData, type ApiKeyScope } from '../domain/delegation.ts'
import { deceptiveTextProblem } from '../domain/displayText.ts'
import { isShortId, newShortId } from '../domain/shortId.ts'
import type { SecretBox } from '../secrets/secretBox.ts'
import { DelegationExpiredError } from '../domain/errors/apiKey.ts'
import { NotFoundError } from '../domain/errors/access.ts'
import { SignatureMismatchError, badInput, fieldErrors } from '../domain/errors/input.ts'

export type ApiKeyRow = typeof apiKeys.$inferSelect

export const SECRET_PREFIX = 'bfk_'
const MAX_NAME_LENGTH = 60
/** A delegation lasts at most this long: a key that never expires is a key nobody remembers to rotate. */
export const hashSecret = sha256Hex

/** The rules of a new key: a name people recognise, known scopes, an expiry in the future and not too far. */
export function checkApiKeyDraft(
  draft: { name: string; scopes: readonly string[]; expiresAt: Date },
  now = new Date(),
): { name: string; scopes: ApiKeyScope[]; expiresAt: Date } {
  const name = draft.name.trim()
  const nameProblem = !name
    ? 'name must be given, e.g. "Shop server".'
    : name.length > MAX_NAME_LENGTH
      ? `name must be at most ${MAX_NAME_LENGTH} characters.`
      : deceptiveTextProblem('name', name)
  const unknown = draft.scopes.filter((s) => !(API_KEY_SCOPES as readonly string[]).includes(s))
  const scopesProblem =
    draft.scopes.length === 0
      ? `scopes must list at least one of ${API_KEY_SCOPES.join(', ')}.`
      : unknown.length
        ? `scopes has unknown ${unknown.join(', ')}; choose from ${API_KEY_SCOPES.join(', ')}.`
        : undefined
  const days = (draft.expiresAt.getTime() - now.getTime()) / 86_400_000
  const expiresProblem =
    days <= 0
      ? 'expiresAt must be in the future.'
      : days > MAX_DELEGATION_DAYS
        ? `expiresAt must be within ${MAX_DELEGATION_DAYS / 365} years.`
        : undefined
  if (nameProblem || scopesProblem || expiresProblem)
    throw fieldErrors({ name: nameProblem, scopes: scopesProblem, expiresAt: expiresProblem })
  return { name, scopes: [...new Set(draft.scopes)] as ApiKeyScope[], expiresAt: draft.expiresAt }
}

/**
 * A key and its delegate (made here, kept sealed); the payee's wallet signs the delegation to it next.
 * With a secret, a merchant server's key; without, a payment link's (only the link uses it).
 */
export async function insertDelegatedKey(
  db: Db,
  box: SecretBox,
  payee: Address,
  draft: { name: string; scopes: readonly string[]; expiresAt: Date },
  secret?: string,
  createdBy?: Address,
): Promise<ApiKeyRow> {
  const privateKey = generatePrivateKey()
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      name: draft.name,
      scopes: [...draft.scopes],
      ...(secret ? { secretHash: hashSecret(secret), secretPrefix: secret.slice(0, SECRET_PREFIX.length + 6) } : {}),
      delegate: privateKeyToAccount(privateKey).address,
      delegateKeySealed: box.seal(privateKey),
      delegationExpiresAt: draft.expiresAt,
      createdBy: createdBy ?? null,
    })
    .returning()
  return row!
}

/**
 * A merchant server's key. Its secret is returned here once (only its hash is kept); it reads and
 * manages webhooks at once, and makes requests once the payee's wallet has signed its delegation
 * (`verifyDelegation`, then `activateDelegation`). `createdBy`, the member who made it: the key acts in their role within its scopes.
 */
export async function createApiKey(
  db: Db,
  box: SecretBox,
  payee: Address,
  draft: { name: string; scopes: ApiKeyScope[]; expiresAt: Date },
  createdBy?: Address,
): Promise<{ row: ApiKeyRow; secret: string }> {
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
  return { row: await insertDelegatedKey(db, box, payee, draft, secret, createdBy), secret }
}

/** A payment link's key: no secret, the link is its only user. */
export const createLinkKey = (db: Db, box: SecretBox, payee: Address, draft: { name: string; expiresAt: Date }) =>
  insertDelegatedKey(db, box, payee, { ...draft, scopes: [] })

/**
 * Checks that a waiting key's delegation is signed by its payee (an ordinary account's offline, a
 * contract account's by ERC-1271/6492 on chain): a change runs it before its transaction, then
 * `activateDelegation` inside. From then on the key's delegate signs requests for the payee, until
 * the delegation expires or the key is revoked.
 */
export async function verifyDelegation(
  db: Db,
  client: PublicClient,
  payee: Address,
  id: string,
  signature: string,
): Promise<ApiKeyRow> {
  const [pending] = !isShortId(id)
    ? []
    : await db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.id, id),
            eq(apiKeys.payee, getAddress(payee)),
            isNull(apiKeys.activatedAt),
            isNull(apiKeys.revokedAt),
          ),
        )
  if (!pending)
    throw new NotFoundError({
      field: 'id',
      shortMessage: 'You have no key waiting for your signature with this id (it was authorised or revoked already).',
    })
  if (pending.delegationExpiresAt.getTime() <= Date.now())
    throw new DelegationExpiredError({
      field: 'id',
      shortMessage: `This key's delegation expired on ${pending.delegationExpiresAt.toISOString()}. Create a new key.`,
    })
  if (!/^0x[0-9a-fA-F]{130,20000}$/.test(signature))
    throw badInput('delegationSignature', 'must be a 0x-prefixed hex signature.')
  const typedData = delegationTypedData({
    payee: pending.payee as Address,
    delegate: pending.delegate as Address,
    keyName: pending.name,
    expiresAt: pending.delegationExpiresAt,
  })
  const valid = await client
    .verifyTypedData({ address: pending.payee as Address, signature: signature as Hex, ...typedData })
    .catch(() => false)
  if (!valid)
    throw new SignatureMismatchError({
      field: 'delegationSignature',
      shortMessage: `The signature is not ${pending.payee}'s signature of this key's delegation. Sign it again.`,
    })
  return pending
}

/** Activates a key whose delegation signature `verifyDelegation` checked, unless it was authorised or revoked since. */
export async function activateDelegation(db: Db, id: string, signature: string): Promise<ApiKeyRow> {
  const [row] = await db
    .update(apiKeys)
    .set({ activatedAt: new Date(), delegationSignature: signature })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.activatedAt), isNull(apiKeys.revokedAt)))
    .returning()
  if (!row) throw new NotFoundError({ field: 'id', shortMessage: 'This key was authorised or revoked already.' })
  return row
}

/** A payee's keys, newest first, revoked ones included (marked); payment links' own keys (no secret) are listed with the links. */
export function listApiKeys(db: Db, payee: Address): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.payee, getAddress(payee)), isNotNull(apiKeys.secretHash)))
    .orderBy(desc(apiKeys.createdAt))
}

export async function revokeApiKey(db: Db, payee: Address, id: string): Promise<ApiKeyRow> {
  const [row] = !isShortId(id)
    ? []
    : await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.payee, getAddress(payee)), isNotNull(apiKeys.secretHash)))
        .returning()
  if (!row) throw new NotFoundError({ field: 'id', shortMessage: 'You have no API key with this id.' })
  return row
}

/** A key by id, whoever's it is (requests name the key that signed them; revoked ones included). */
export async function findApiKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id))
  return row
}
