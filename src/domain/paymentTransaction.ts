import { concat, encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { NATIVE_ASSET } from './paymentRequest.ts'

/**
 * The calldata of `transfer(to, amount)` with a request's reference directly after its arguments:
 * token contracts ignore trailing calldata, and the watcher finds the reference there.
 */
export function referencedTransferData(to: Address, amount: bigint, reference?: Hex): Hex {
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  return reference ? concat([transfer, reference]) : transfer
}

/**
 * The one transaction that pays `amount` of a request: a token transfer carrying the reference, or
 * the native coin with the reference as its data.
 */
export function paymentTransaction(
  request: { asset: Address | typeof NATIVE_ASSET | string; payee: Address | string; reference: Hex | string },
  amount: bigint,
): { to: Address; data: Hex; value?: bigint } {
  const reference = request.reference as Hex
  const payee = request.payee as Address
  if (request.asset === NATIVE_ASSET) return { to: payee, value: amount, data: reference }
  return { to: request.asset as Address, data: referencedTransferData(payee, amount, reference) }
}
