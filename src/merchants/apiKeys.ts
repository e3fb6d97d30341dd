import { randomBytes } from 'node:crypto'
import { sha256Hex } from './secrets/sha256Hex.ts'
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { getAddress, type Address, type Hex, type PublicClient, type TypedDataDefinition } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { DelegateSigner } from './signing/signingPool.ts'
import type { Database, Db } from '../db/createDatabase.ts'
import { API_KEY_CHANGED_CHANNEL } from '../db/notificationChannels.ts'
import { apiKeys } from '../db/schema.ts'
import { API_KEY_SCOPES, delegationTypedData, type ApiKeyScope } from '../domain/delegation.ts'
import { deceptiveTextProblem } from '../domain/displayText.ts'
import { isShortId, newShortId } from '../domain/shortId.ts'
import type { SecretBox } from './secrets/secretBox.ts'
import { ApiError, badInput, fieldErrors } from '../domain/apiErrors.ts'

export type ApiKeyRow = typeof apiKeys.$inferSelect

const SECRET_PREFIX = 'bfk_'
const MAX_NAME_LENGTH = 60
/** A delegation lasts at most this long: a key that never expires is a key nobody remembers to rotate. */
const MAX_DELEGATION_DAYS = 5 * 365
const hashSecret = sha256Hex

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
async function insertDelegatedKey(
  db: Db,
  box: SecretBox,
  payee: Address,
  draft: { name: string; scopes: ApiKeyScope[]; expiresAt: Date },
  secret?: string,
): Promise<ApiKeyRow> {
  const privateKey = generatePrivateKey()
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      name: draft.name,
      scopes: draft.scopes,
      ...(secret ? { secretHash: hashSecret(secret), secretPrefix: secret.slice(0, SECRET_PREFIX.length + 6) } : {}),
      delegate: privateKeyToAccount(privateKey).address,
      delegateKeySealed: box.seal(privateKey),
      delegationExpiresAt: draft.expiresAt,
    })
    .returning()
  return row!
}

/**
 * A merchant server's key. Its secret is returned here once (only its hash is kept); it reads and
 * manages webhooks at once, and makes requests once the payee's wallet has signed its delegation
 * (`authoriseDelegation`).
 */
export async function createApiKey(
  db: Db,
  box: SecretBox,
  payee: Address,
  draft: { name: string; scopes: ApiKeyScope[]; expiresAt: Date },
): Promise<{ row: ApiKeyRow; secret: string }> {
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
  return { row: await insertDelegatedKey(db, box, payee, draft, secret), secret }
}

/** A payment link's key: no secret, the link is its only user. */
export const createLinkKey = (db: Db, box: SecretBox, payee: Address, draft: { name: string; expiresAt: Date }) =>
  insertDelegatedKey(db, box, payee, { ...draft, scopes: [] })

/**
 * The payee's signature of a key's delegation: checked (an ordinary account's offline, a contract
 * account's by ERC-1271 on chain) and kept. From then on the key's delegate signs requests for the
 * payee, until the delegation expires or the key is revoked.
 */
export async function authoriseDelegation(
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
    throw new ApiError({
      code: 'NOT_FOUND',
      field: 'id',
      shortMessage: 'You have no key waiting for your signature with this id (it was authorised or revoked already).',
    })
  if (pending.delegationExpiresAt.getTime() <= Date.now())
    throw new ApiError({
      code: 'DELEGATION_EXPIRED',
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
    throw new ApiError({
      code: 'SIGNATURE_MISMATCH',
      field: 'delegationSignature',
      shortMessage: `The signature is not ${pending.payee}'s signature of this key's delegation. Sign it again.`,
    })
  const [row] = await db
    .update(apiKeys)
    .set({ activatedAt: new Date(), delegationSignature: signature })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.activatedAt)))
    .returning()
  if (!row) throw new ApiError({ code: 'NOT_FOUND', field: 'id', shortMessage: 'This key was authorised already.' })
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

async function revokeApiKey(db: Db, payee: Address, id: string): Promise<ApiKeyRow> {
  const [row] = !isShortId(id)
    ? []
    : await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.payee, getAddress(payee)), isNotNull(apiKeys.secretHash)))
        .returning()
  if (!row) throw new ApiError({ code: 'NOT_FOUND', field: 'id', shortMessage: 'You have no API key with this id.' })
  return row
}

/** How often "last used" is written: not on every request of a busy integration. */
const LAST_USED_RESOLUTION_MS = 60_000

/** The key a secret belongs to, or undefined (unknown or revoked: the caller is not told which). */
async function keyOfSecret(db: Db, secret: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hashSecret(secret)), isNull(apiKeys.revokedAt)))
  return row
}

export type ApiKeyStore = {
  /** The key of a secret, from memory when it was looked up in the last 30 s. */
  find(secret: string): Promise<ApiKeyRow | undefined>
  /** Keeps the payee's signature of a key's delegation; every server sees it at once (NOTIFY). */
  authorise(client: PublicClient, payee: Address, id: string, signature: string): Promise<ApiKeyRow>
  /** Revokes a payee's key, at once on this server and through NOTIFY on every other. */
  revoke(payee: Address, id: string): Promise<ApiKeyRow>
}

/**
 * API keys with a short-lived memory cache in front of the database, as sessions have: a busy
 * integration's every request need not look its key up. An authorisation or a revocation evicts the
 * key here at once and on every other server through NOTIFY; an entry also lapses after `ttlMs`
 * should one be missed.
 * Unknown secrets are never cached.
 */
export async function createApiKeyStore(
  database: Database,
  { ttlMs = 30_000, maxEntries = 10_000 } = {},
): Promise<ApiKeyStore> {
  const cache = new Map<string, { key: ApiKeyRow; until: number }>()
  const evict = (id: string) => {
    for (const [hash, entry] of cache) if (entry.key.id === id) cache.delete(hash)
  }
  await database.listen(API_KEY_CHANGED_CHANNEL, evict)
  const changed = async (row: ApiKeyRow) => {
    evict(row.id)
    await database.notify(API_KEY_CHANGED_CHANNEL, [row.id])
    return row
  }
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
    authorise: async (client, payee, id, signature) =>
      changed(await authoriseDelegation(database.db, client, payee, id, signature)),
    revoke: async (payee, id) => changed(await revokeApiKey(database.db, payee, id)),
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
