import {
  findPaymentRequest,
  isPaymentRequestId,
  type PaymentRequestRow,
} from '../../payments/repository/paymentRequests.ts'
import type { Db } from '../../db/createDatabase.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import type { Actor } from './authorize.ts'

/** The actor's business's request with this id; another business's is "not found", over every transport alike. */
export async function ownRequest(db: Db, actor: Actor, id: string, field = 'id'): Promise<PaymentRequestRow> {
  const row = isPaymentRequestId(id) ? await findPaymentRequest(db, id) : undefined
  if (!row || row.payee.toLowerCase() !== actor.address.toLowerCase())
    throw new NotFoundError({
      field,
      shortMessage: 'There is no payment request with this id among this business’s requests.',
    })
  return row
}
