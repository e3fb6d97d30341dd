import { getAddress, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { prepareRefund, type PreparedRefund } from '../../payments/refunds/prepareRefund.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { requirePermission, type Actor } from './authorize.ts'
import { requireMemberDelegate } from './memberDelegate.ts'

/**
 * A refund prepared by whoever acts for the business. The money leaves the business's own wallet, so
 * only that wallet sends it: a member (refunds:send) prepares it, holding its amount, on the members'
 * delegate's authority (recorded as the key that prepared it, stopped with it), and the owner's
 * wallet sends it from the request's page. Nothing a member does moves money by itself.
 */
export async function prepareRefundFor(
  db: Db,
  client: PublicClient,
  actor: Actor,
  request: PaymentRequestRow,
  draft: { amount: string; to?: string | null | undefined },
): Promise<PreparedRefund> {
  requirePermission(actor, 'refunds:send')
  if (actor.role === 'owner') return prepareRefund(db, client, request, draft)
  const key = await requireMemberDelegate(db, getAddress(actor.address), 'requestId')
  return prepareRefund(db, client, request, { ...draft, preparedByKeyId: key.id })
}
