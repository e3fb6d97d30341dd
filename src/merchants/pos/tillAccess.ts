import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { Session } from '../sessions/sessions.ts'
import { findWorkingTill, tillNotFound, type TillRow } from './tills.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import { requirePermission } from '../business/authorize.ts'

/**
 * Who may do what at a till, one function per action, beside the use cases: the role's permission
 * (src/domain/permissions.ts), then the till must be the business's own.
 */

/** Setting up tills: the owner or an admin. */
export const authorizeTillManagement = (session: Session): Address =>
  getAddress(requirePermission(session, 'tills:manage').address)

/** Listing the business's tills, to open one: whoever sells at them. */
export const authorizeTillList = (session: Session): Address =>
  getAddress(requirePermission(session, 'sales:sell').address)

async function ownWorkingTill(db: Db, session: Session, tillId: string) {
  const found = await findWorkingTill(db, tillId)
  // Another payee's till is not told apart from none.
  if (!found || getAddress(found.till.payee) !== getAddress(session.address)) throw tillNotFound()
  return found
}

/** Charging a sale at a till (and reading the till's screen). */
export const authorizeSale = (db: Db, session: Session, tillId: string): Promise<{ till: TillRow; key: ApiKeyRow }> =>
  ownWorkingTill(db, requirePermission(session, 'sales:sell'), tillId)

/** Reading a till's sales of the day: its end-of-day report. */
export const authorizeTodayReport = async (db: Db, session: Session, tillId: string): Promise<TillRow> =>
  (await ownWorkingTill(db, requirePermission(session, 'sales:readToday'), tillId)).till
