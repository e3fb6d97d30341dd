import { paymentTransaction } from '../../../domain/paymentTransaction.ts'
import type { PaymentMethod } from '../paymentMethod.ts'

/**
 * A token transfer with reference: the payer's wallet sends `transfer(payee, amount)` with the
 * request's reference right after its arguments (`paymentTransaction`). The watcher reads the
 * token's `Transfer` logs to payees and finds the reference in their transaction's input.
 */
export const tokenTransfer: PaymentMethod = {
  id: 'token-transfer',
  payer: {
    action: 'transaction',
    sends: 'transfer(payee, amount) with the reference appended to its calldata',
    call: paymentTransaction,
  },
  watcher: { reads: ['transfer-logs'] },
}
