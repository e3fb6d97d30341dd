import type { Db } from '../../db/createDatabase.ts'
import { cancelInvoice } from '../creditNotes/cancelInvoice.ts'
import { invoiceOfRequest } from '../invoices/invoiceReads.ts'
import { cancelUnpaidRequest, findPaymentRequest, type PaymentRequestRow } from '../repository/paymentRequests.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { PaymentReceivedError } from '../../domain/errors/paymentRequest.ts'

export type CancelPaymentRequestServices = { db: Db }
/** PAYMENT_RECEIVED: a payment for it was seen on chain. */
export type CancelPaymentRequestErrorType = ApiError

/**
 * Cancels a request the caller may cancel (the transport has checked whose it is) while nothing has
 * been received for it; cancelling a cancelled request answers it as it is. Live views hear of it
 * through the change journal. An invoice is cancelled by a credit note of its full amount, so its
 * books never hold an invoice that silently stopped.
 */
export async function cancelPaymentRequest(
  { db }: CancelPaymentRequestServices,
  request: PaymentRequestRow,
): Promise<PaymentRequestRow> {
  if (request.cancelledAt) return request
  if (await invoiceOfRequest(db, request.id)) {
    await cancelInvoice(db, request, '')
    return (await findPaymentRequest(db, request.id))!
  }
  const cancelled = await cancelUnpaidRequest(db, request.id)
  if (!cancelled)
    throw new PaymentReceivedError({
      field: 'id',
      shortMessage: 'A payment for this request has been seen on chain, so it can no longer be cancelled.',
    })
  return cancelled
}
