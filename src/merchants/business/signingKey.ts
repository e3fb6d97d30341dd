import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import { requireMemberDelegate } from './memberDelegate.ts'

/** The member who made `key`, or null when the business's own wallet did (or it predates members). */
export const memberOfKey = (key: ApiKeyRow): Address | null =>
  key.createdBy && getAddress(key.createdBy) !== getAddress(key.payee) ? getAddress(key.createdBy) : null

/**
 * The key whose delegate signs what `key` makes: the key itself when the owner's wallet signed its
 * delegation; for a key a member made, the business's members' delegate, so the payee's authority
 * behind it is the owner's delegation to the members, and revoking that stops the key's signing.
 */
export async function signingKeyOf(db: Db, key: ApiKeyRow): Promise<ApiKeyRow> {
  if (!memberOfKey(key)) return key
  return requireMemberDelegate(db, key.payee as Address, 'authorization')
}
