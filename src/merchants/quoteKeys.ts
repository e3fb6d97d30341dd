import { and, arrayContains, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { apiKeys } from '../db/schema.ts'
import { DEFAULT_DELEGATION_DAYS } from '../domain/delegation.ts'
import { insertDelegatedKey, type ApiKeyRow } from './apiKeys.ts'
import type { SecretBox } from '../secrets/secretBox.ts'

/** What marks a payee's quote key among their keys: it signs price quotes and nothing else. */
export const QUOTE_SCOPE = 'quotes:sign'
/** The name the payee's wallet shows in the delegation it signs. */
export const QUOTE_KEY_NAME = 'Billfold price quotes'

const usable = (payee: Address) =>
  and(
    eq(apiKeys.payee, getAddress(payee)),
    arrayContains(apiKeys.scopes, [QUOTE_SCOPE]),
    isNull(apiKeys.secretHash),
    isNull(apiKeys.revokedAt),
    gt(apiKeys.delegationExpiresAt, new Date(Date.now() + 86_400_000)),
  )

/** The payee's authorised quote key (the newest), or undefined. */
export async function authorisedQuoteKey(db: Db, payee: Address): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(usable(payee), isNotNull(apiKeys.activatedAt)))
    .orderBy(desc(apiKeys.activatedAt))
    .limit(1)
  return row
}

/**
 * The key whose delegate signs the payee's quotes: the authorised one, else one waiting for the
 * payee's signature (made now if there is none). Its delegation is signed once, as an API key's is,
 * and serves every priced request of the payee for a year.
 */
export async function quoteKeyOf(db: Db, box: SecretBox, payee: Address): Promise<ApiKeyRow> {
  const authorised = await authorisedQuoteKey(db, payee)
  if (authorised) return authorised
  const [waiting] = await db
    .select()
    .from(apiKeys)
    .where(and(usable(payee), isNull(apiKeys.activatedAt)))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1)
  if (waiting) return waiting
  return insertDelegatedKey(db, box, payee, {
    name: QUOTE_KEY_NAME,
    scopes: [QUOTE_SCOPE],
    expiresAt: new Date(Date.now() + DEFAULT_DELEGATION_DAYS * 86_400_000),
  })
}
