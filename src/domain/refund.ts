import { getAddress, isAddress, zeroAddress, type Address, type Hex } from 'viem'
import { AmountError, parseAmount } from './amount.ts'
import { NATIVE_ASSET } from './paymentRequest.ts'
import { paymentTransaction } from './paymentTransaction.ts'
import { sameAddress } from './sameAddress.ts'

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

/**
 * A refund's amount (decimal, in the asset's units) and recipient as typed, checked; each problem
 * names its field. The recipient must be an address whose mixed case, if any, is its EIP-55
 * checksum (a broken one is a typo), and not an address where the money would not reach anyone:
 * the zero address, the payee's own (nothing goes back) or the token's contract (lost).
 */
export function checkRefundDraft(
  draft: { amount: string; to: string },
  { decimals, symbol, payee, asset }: { decimals: number; symbol: string; payee: string; asset: string },
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
  const problem = recipientProblem(to, { payee, asset, symbol })
  if (problem) problems.push({ field: 'to', message: problem })
  if (problems.length > 0 || amount === undefined) return { problems }
  return { amount, to: getAddress(to) }
}

function recipientProblem(to: string, { payee, asset, symbol }: { payee: string; asset: string; symbol: string }) {
  if (!isAddress(to, { strict: false })) return 'to must be an address (0x and 40 hex digits)'
  const hex = to.slice(2)
  // All lower or all upper case carries no checksum; a mix must be the EIP-55 one.
  if (/[a-f]/.test(hex) && /[A-F]/.test(hex) && getAddress(to) !== to)
    return `to has a broken checksum: its mix of upper and lower case is not the EIP-55 checksum of ${to.toLowerCase()}, so a character may be mistyped. Copy the address again.`
  if (getAddress(to) === zeroAddress) return 'to is the zero address: whatever is sent there is lost'
  if (sameAddress(to, payee))
    return "to is the payee's own address: a refund there gives nothing back to anyone. Enter the address to refund."
  if (asset !== NATIVE_ASSET && sameAddress(to, asset))
    return `to is the ${symbol} token's own contract: whatever is sent there is lost. Enter the address to refund.`
  return undefined
}
