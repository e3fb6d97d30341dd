import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { findWorkingTill, tillNotFound, type TillRow } from './tills.ts'
import type { ApiKeyRow } from '../apiKeys.ts'

/**
 * A working till of the business, to sell at or report on; another business's till is not told
 * apart from none. Who may do either is the use case's permission (tillUseCases.ts).
 */
export async function ownWorkingTill(
  db: Db,
  business: string,
  tillId: string,
): Promise<{ till: TillRow; key: ApiKeyRow }> {
  const found = await findWorkingTill(db, tillId)
  if (!found || getAddress(found.till.payee) !== getAddress(business)) throw tillNotFound()
  return found
}
