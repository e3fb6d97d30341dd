import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { Session } from '../sessions/sessions.ts'
import { findWorkingTill, tillNotFound, type TillRow } from './tills.ts'
import type { ApiKeyRow } from '../apiKeys.ts'

/**
 * Who may do what at a till, one function per action, decided here and nowhere in a transport.
 * Today the signed-in payee owns their tills; a business's members are let in by these same
 * functions (selling: `sales:sell`, today's report: `sales:readToday`).
 */

/** Creating and listing tills: the payee's own. */
export const authorizeTillManagement = (session: Session): Address => getAddress(session.address)

async function ownWorkingTill(db: Db, session: Session, tillId: string) {
  const found = await findWorkingTill(db, tillId)
  // Another payee's till is not told apart from none.
  if (!found || getAddress(found.till.payee) !== getAddress(session.address)) throw tillNotFound()
  return found
}

/** Charging a sale at a till (and reading the till's screen). */
export const authorizeSale = (db: Db, session: Session, tillId: string): Promise<{ till: TillRow; key: ApiKeyRow }> =>
  ownWorkingTill(db, session, tillId)

/** Reading a till's sales of the day: its end-of-day report. */
export const authorizeTodayReport = async (db: Db, session: Session, tillId: string): Promise<TillRow> =>
  (await ownWorkingTill(db, session, tillId)).till
