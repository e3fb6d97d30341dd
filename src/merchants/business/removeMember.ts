import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { revokeMemberSessions } from '../sessions/sessions.ts'
import { cancelOpenSalesOf } from '../pos/memberSales.ts'
import { deleteMember } from './members.ts'

/**
 * Takes `member` out of `business` and ends their sessions acting for it and the sales they left
 * waiting at its tills, in one transaction. Its caller tells every server to drop what it cached of
 * them once that is committed (a session is also read with its membership, so a missed notification
 * cannot keep one alive).
 */
export async function removeMember(
  db: Db,
  { business, member }: { business: Address; member: Address },
): Promise<number> {
  return db.transaction(async (tx) => {
    await deleteMember(tx, business, member)
    await cancelOpenSalesOf(tx, business, member)
    return revokeMemberSessions(tx, business, member)
  })
}
