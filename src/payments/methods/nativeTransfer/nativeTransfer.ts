import { paymentTransaction } from '../../../domain/paymentTransaction.ts'
import type { PaymentMethod } from '../paymentMethod.ts'

/**
 * A native transfer: the payer's wallet sends the chain's coin to the payee with the request's
 * reference as its data (`paymentTransaction`). The watcher reads the native transfers to payees,
 * traced where the node can (a smart account's inner call included).
 */
export const nativeTransfer: PaymentMethod = {
  id: 'native-transfer',
  payer: {
    action: 'transaction',
    sends: "the native coin to the payee, the reference as the transaction's data",
    call: paymentTransaction,
  },
  watcher: { reads: ['native-transfers'] },
}
