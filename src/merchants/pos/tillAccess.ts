import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { findWorkingTill, tillNotFound, type TillRow } from './tills.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import { requirePermission, type Actor } from '../business/authorize.ts'
import { ForbiddenError } from '../../domain/errors/access.ts'
import { SCOPE_PERMISSIONS, type Permission } from '../../domain/permissions.ts'

/**
 * Who may do what at a till, one function per action, beside the use cases: the role's permission
 * (src/domain/permissions.ts), then the till must be the business's own.
 */

/** Setting up tills: the owner or an admin. */
export const authorizeTillManagement = (session: Actor): Address =>
  getAddress(requirePermission(session, 'tills:manage').address)

/** Listing the business's tills, to open one: whoever sells at them. */
export const authorizeTillList = (session: Actor): Address =>
  getAddress(requirePermission(session, 'sales:sell').address)

async function ownWorkingTill(db: Db, payee: string, tillId: string) {
  const found = await findWorkingTill(db, tillId)
  // Another payee's till is not told apart from none.
  if (!found || getAddress(found.till.payee) !== getAddress(payee)) throw tillNotFound()
  return found
}

/** Charging a sale at a till (and reading the till's screen). */
export const authorizeSale = (db: Db, session: Actor, tillId: string): Promise<{ till: TillRow; key: ApiKeyRow }> =>
  ownWorkingTill(db, requirePermission(session, 'sales:sell').address, tillId)

/** Reading a till's sales of the day: its end-of-day report. */
export const authorizeTodayReport = async (db: Db, session: Actor, tillId: string): Promise<TillRow> =>
  (await ownWorkingTill(db, requirePermission(session, 'sales:readToday').address, tillId)).till

/**
 * An API key acts for its payee with the permissions its scopes stand for (SCOPE_PERMISSIONS); its
 * maker's role held them when it was made.
 */
function requireKeyPermission(key: ApiKeyRow, permission: Permission): ApiKeyRow {
  const scope = key.scopes.find((s) => SCOPE_PERMISSIONS[s as keyof typeof SCOPE_PERMISSIONS]?.includes(permission))
  if (!scope) {
    const needed = Object.entries(SCOPE_PERMISSIONS).find(([, p]) => p.includes(permission))![0]
    throw new ForbiddenError({
      shortMessage: `This API key lacks the ${needed} scope. Create a key with it in Billfold.`,
    })
  }
  return key
}

/** A key's server listing the payee's tills. */
export const authorizeKeyTillList = (key: ApiKeyRow): Address =>
  getAddress(requireKeyPermission(key, 'sales:readToday').payee)

/** A key's server setting up a till. */
export const authorizeKeyTillManagement = (key: ApiKeyRow): ApiKeyRow => requireKeyPermission(key, 'tills:manage')

/** A key's server charging a sale at one of the payee's tills. */
export const authorizeKeySale = (db: Db, key: ApiKeyRow, tillId: string) =>
  ownWorkingTill(db, requireKeyPermission(key, 'sales:sell').payee, tillId)

/** A key's server reading a till's report. */
export const authorizeKeyReport = async (db: Db, key: ApiKeyRow, tillId: string): Promise<TillRow> =>
  (await ownWorkingTill(db, requireKeyPermission(key, 'sales:readToday').payee, tillId)).till
