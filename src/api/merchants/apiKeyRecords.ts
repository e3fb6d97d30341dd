import { randomBytes } from 'node:crypto'
import { sha256Hex } from '../../server/secrets/sha256Hex.ts'
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { getAddress, type Address, type Hex, type PublicClient, type TypedDataDefinition } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { DelegateSigner } from './signingPool.ts'
import type { Database, Db } from '../../db/createDatabase.ts'
import { API_KEY_REVOKED_CHANNEL } from '../../db/notificationChannels.ts'
import { apiKeys } from '../../db/schema.ts'
import { API_KEY_SCOPES, delegationTypedData, type ApiKeyScope } from '../../domain/delegation.ts'
import { deceptiveTextProblem } from '../../domain/displayText.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import type { SecretBox } from '../../server/secrets/secretBox.ts'
import { ApiError, badInput, fieldErrors } from '../apiErrors.ts'

export type ApiKeyRow = typeof apiKeys.$inferSelect

const SECRET_PREFIX = 'bfk_'
const MAX_NAME_LENGTH = 60
/** A delegation lasts at most this long: a key that never expires is a key nobody remembers to rotate. */
const MAX_DELEGATION_DAYS = 5 * 365
/** A prepared key not signed for within this long is not activated any more. */
const PENDING_TTL_MS = 15 * 60 * 1000

const hashSecret = sha256Hex

/** The rules of a new key: a name people recognise, known scopes, an expiry in the future and not too far. */
export function checkApiKeyDraft(draft: { name: string; scopes: readonly string[]; expiresAt: Date }, now = new Date()): { name: string; scopes: ApiKeyScope[]; expiresAt: Date } {
  const name = draft.name.trim()
  const nameProblem = !name
    ? 'name must be given, e.g. "Shop server".'
    : name.length > MAX_NAME_LENGTH
      ? `name must be at most ${MAX_NAME_LENGTH} characters.`
      : deceptiveTextProblem('name', name)
  const unknown = draft.scopes.filter((s) => !(API_KEY_SCOPES as readonly string[]).includes(s))
  const scopesProblem =
    draft.scopes.length === 0 ? `scopes must list at least one of ${API_KEY_SCOPES.join(', ')}.` : unknown.length ? `scopes has unknown ${unknown.join(', ')}; choose from ${API_KEY_SCOPES.join(', ')}.` : undefined
  const days = (draft.expiresAt.getTime() - now.getTime()) / 86_400_000
  const expiresProblem = days <= 0 ? 'expiresAt must be in the future.' : days > MAX_DELEGATION_DAYS ? `expiresAt must be within ${MAX_DELEGATION_DAYS / 365} years.` : undefined
  if (nameProblem || scopesProblem || expiresProblem) throw fieldErrors({ name: nameProblem, scopes: scopesProblem, expiresAt: expiresProblem })
  return { name, scopes: [...new Set(draft.scopes)] as ApiKeyScope[], expiresAt: draft.expiresAt }
}

/** Step one: a new delegate for the key, kept sealed; the payee's wallet signs the delegation next. */
export async function prepareApiKey(db: Db, box: SecretBox, payee: Address, draft: { name: string; scopes: ApiKeyScope[]; expiresAt: Date }): Promise<ApiKeyRow> {
  const privateKey = generatePrivateKey()
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      name: draft.name,
      scopes: draft.scopes,
      delegate: privateKeyToAccount(privateKey).address,
      delegateKeySealed: box.seal(privateKey),
      delegationExpiresAt: draft.expiresAt,
    })
    .returning()
  return row!
}

/**
 * Step two: the payee's signature of the delegation is checked (an ordinary account's offline, a
 * contract account's by ERC-1271 on chain), then the key is activated and its secret made. The
 * secret is returned here once; only its hash is kept.
 */
export async function activateApiKey(db: Db, client: PublicClient, payee: Address, id: string, signature: string): Promise<{ row: ApiKeyRow; secret: string }> {
  const [pending] = !isShortId(id) ? [] : await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.payee, getAddress(payee)), isNull(apiKeys.activatedAt)))
  if (!pending || Date.now() - pending.createdAt.getTime() > PENDING_TTL_MS)
    throw new ApiError({ code: 'NOT_FOUND', field: 'id', shortMessage: 'There is no key waiting for your signature with this id (keys not signed for within 15 minutes lapse). Create the key again.' })
  if (!/^0x[0-9a-fA-F]{130,20000}$/.test(signature)) throw badInput('delegationSignature', 'must be a 0x-prefixed hex signature.')
  const typedData = delegationTypedData({ payee: pending.payee as Address, delegate: pending.delegate as Address, keyName: pending.name, expiresAt: pending.delegationExpiresAt })
  const valid = await client.verifyTypedData({ address: pending.payee as Address, signature: signature as Hex, ...typedData }).catch(() => false)
  if (!valid)
    throw new ApiError({ code: 'SIGNATURE_MISMATCH', field: 'delegationSignature', shortMessage: `The signature is not ${pending.payee}'s signature of this key's delegation. Sign it again.` })
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
  const [row] = await db
    .update(apiKeys)
    .set({ activatedAt: new Date(), secretHash: hashSecret(secret), secretPrefix: secret.slice(0, SECRET_PREFIX.length + 6), delegationSignature: signature })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.activatedAt)))
    .returning()
  if (!row) throw new ApiError({ code: 'NOT_FOUND', field: 'id', shortMessage: 'This key was activated already. Create another.' })
  return { row, secret }
}

/** A payee's keys, newest first, revoked ones included (marked); payment links' own keys (no scopes) are listed with the links. */
export function listApiKeys(db: Db, payee: Address): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.payee, getAddress(payee)), isNotNull(apiKeys.activatedAt), sql`cardinality(${apiKeys.scopes}) > 0`))
    .orderBy(desc(apiKeys.createdAt))
}

async function revokeApiKey(db: Db, payee: Address, id: string): Promise<ApiKeyRow> {
  const [row] = !isShortId(id) ? [] : await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.payee, getAddress(payee)), isNotNull(apiKeys.activatedAt)))
    .returning()
  if (!row) throw new ApiError({ code: 'NOT_FOUND', field: 'id', shortMessage: 'You have no API key with this id.' })
  return row
}

/** How often "last used" is written: not on every request of a busy integration. */
const LAST_USED_RESOLUTION_MS = 60_000

/** The active key a secret belongs to, or undefined (unknown, revoked or never activated: the caller is not told which). */
async function keyOfSecret(db: Db, secret: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hashSecret(secret)), isNull(apiKeys.revokedAt), isNotNull(apiKeys.activatedAt)))
  return row
}

export type ApiKeyStore = {
  /** The active key of a secret, from memory when it was looked up in the last 30 s. */
  find(secret: string): Promise<ApiKeyRow | undefined>
  /** Revokes a payee's key, at once on this server and through NOTIFY on every other. */
  revoke(payee: Address, id: string): Promise<ApiKeyRow>
}

/**
 * API keys with a short-lived memory cache in front of the database, as sessions have: a busy
 * integration's every request need not look its key up. A revocation evicts the key here at once and
 * on every other server through NOTIFY; an entry also lapses after `ttlMs` should one be missed.
 * Unknown secrets are never cached.
 */
export async function createApiKeyStore(database: Database, { ttlMs = 30_000, maxEntries = 10_000 } = {}): Promise<ApiKeyStore> {
  const cache = new Map<string, { key: ApiKeyRow; until: number }>()
  const evict = (id: string) => {
    for (const [hash, entry] of cache) if (entry.key.id === id) cache.delete(hash)
  }
  await database.listen(API_KEY_REVOKED_CHANNEL, evict)
  return {
    async find(secret) {
      if (!secret.startsWith(SECRET_PREFIX) || secret.length > 200) return undefined
      const hash = hashSecret(secret)
      const now = Date.now()
      const hit = cache.get(hash)
      const key = hit && hit.until > now ? hit.key : await keyOfSecret(database.db, secret)
      if (!key) return void cache.delete(hash)
      if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        key.lastUsedAt = new Date(now)
        await database.db.update(apiKeys).set({ lastUsedAt: key.lastUsedAt }).where(eq(apiKeys.id, key.id))
      }
      if (!hit || hit.until <= now) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
        cache.set(hash, { key, until: Math.min(now + ttlMs, key.delegationExpiresAt.getTime()) })
      }
      return key
    },
    async revoke(payee, id) {
      const row = await revokeApiKey(database.db, payee, id)
      evict(id)
      await database.notify(API_KEY_REVOKED_CHANNEL, [id])
      return row
    },
  }
}

/** Signs typed data as a key's delegate. */
export type DelegateSignature = (key: ApiKeyRow, typedData: TypedDataDefinition) => Promise<Hex>

/** Each key's delegate unsealed once per process, its signatures made by `sign` (the signing pool's threads). */
export function createDelegateSignature(box: SecretBox, sign: DelegateSigner): DelegateSignature {
  const privateKeys = new Map<string, Hex>()
  return (key, typedData) => {
    let privateKey = privateKeys.get(key.id)
    if (!privateKey) privateKeys.set(key.id, (privateKey = box.open(key.delegateKeySealed) as Hex))
    return sign(key.id, privateKey, typedData)
  }
}
