import { getAddress, isAddress, zeroAddress, type Address, type Hex } from 'viem'
import { AmountError, parseAmount } from './amount.ts'
import { paymentTransaction } from './paymentTransaction.ts'

/** The transaction a payee's wallet sends to refund: a transfer with the refund's reference after it. */
export type RefundTransaction = { to: Address; value: bigint; data: Hex }

/**
 * A refund is sent the way a payment is, the payee paying the payer: `transfer(to, amount)` followed
 * by the refund's 16-byte reference, or the native value with the reference as its data. The watcher
 * reads the reference back exactly where it reads a payment's.
 */
export function refundTransaction(refund: {
  asset: string
  to: Address
  amount: bigint
  reference: Hex
}): RefundTransaction {
  const { to, data, value } = paymentTransaction({ ...refund, payee: refund.to }, refund.amount)
  return { to: getAddress(to), value: value ?? 0n, data }
}

/** What a request shows of its refunds: none, some of what was received, or all of it. */
export type RefundStatus = 'none' | 'partly_refunded' | 'refunded'

export function refundStatus(received: bigint, refunded: bigint): RefundStatus {
  if (refunded <= 0n) return 'none'
  return refunded >= received ? 'refunded' : 'partly_refunded'
}

/** What may still be refunded: what was received, less what went back and what refunds in flight hold. */
export const refundable = ({ received, refunded, held }: { received: bigint; refunded: bigint; held: bigint }) =>
  received - refunded - held > 0n ? received - refunded - held : 0n

export type RefundDraftProblem = { field: 'amount' | 'to'; message: string }

/** A refund's amount (decimal, in the asset's units) and recipient as typed, checked; each problem names its field. */
export function checkRefundDraft(
  draft: { amount: string; to: string },
  { decimals, symbol }: { decimals: number; symbol: string },
): { amount: bigint; to: Address } | { problems: RefundDraftProblem[] } {
  const problems: RefundDraftProblem[] = []
  let amount: bigint | undefined
  try {
    amount = parseAmount(draft.amount, decimals)
  } catch (error) {
    if (!(error instanceof AmountError)) throw error
    problems.push({ field: 'amount', message: `${error.shortMessage} (in ${symbol})` })
  }
  const to = draft.to.trim()
  if (!isAddress(to, { strict: false }))
    problems.push({ field: 'to', message: 'to must be an address (0x and 40 hex digits)' })
  else if (getAddress(to) === zeroAddress)
    problems.push({ field: 'to', message: 'to is the zero address: whatever is sent there is lost' })
  if (problems.length > 0 || amount === undefined) return { problems }
  return { amount, to: getAddress(to) }
}
