import { concat, encodeFunctionData, erc20Abi, getAddress, isAddress, zeroAddress, type Address, type Hex } from 'viem'
import { AmountError, parseAmount } from './amount.ts'
import { NATIVE_ASSET } from './paymentRequest.ts'

/** The transaction a payee's wallet sends to refund: a transfer with the refund's reference after it. */
export type RefundTransaction = { to: Address; value: bigint; data: Hex }

/**
 * A token refund is `transfer(to, amount)` followed by the 16-byte reference (the token ignores
 * what follows its arguments); a native refund sends the value with the reference as its data. The
 * watcher reads the reference back exactly where it reads a payment's.
 */
export function refundTransaction(refund: {
  asset: string
  to: Address
  amount: bigint
  reference: Hex
}): RefundTransaction {
  if (refund.asset === NATIVE_ASSET) return { to: refund.to, value: refund.amount, data: refund.reference }
  const call = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [refund.to, refund.amount] })
  return { to: getAddress(refund.asset), value: 0n, data: concat([call, refund.reference]) }
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
