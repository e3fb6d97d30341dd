import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { SessionStore } from '../sessions/sessionStore.ts'
import { revokeMemberSessions } from '../sessions/sessions.ts'
import { cancelOpenSalesOf } from '../pos/memberSales.ts'
import { deleteMember } from './members.ts'

/**
 * Takes `member` out of `business` and ends their sessions acting for it and the sales they left
 * waiting at its tills: the rows are changed in the same transaction, and every server drops what
 * it cached of them (a session is also read with its membership, so a missed notification cannot
 * keep one alive).
 */
export async function removeMember(
  db: Db,
  sessions: Pick<SessionStore, 'forget'>,
  { business, member }: { business: Address; member: Address },
): Promise<number> {
  const ended = await db.transaction(async (tx) => {
    await deleteMember(tx, business, member)
    await cancelOpenSalesOf(tx, business, member)
    return revokeMemberSessions(tx, business, member)
  })
  await sessions.forget(member)
  return ended
}
