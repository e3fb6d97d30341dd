import type { Address, Hex } from 'viem'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { nativeTransfer } from '../methods/nativeTransfer/nativeTransfer.ts'
import type { PayableRequest } from '../methods/paymentMethod.ts'
import { tokenTransfer } from '../methods/tokenTransfer/tokenTransfer.ts'

/** An open request a payer may pay in a batch: what is left to pay of it, and on which chain. */
export type BatchableRequest = PayableRequest & { id: string; chainId: number; due: bigint }

/** One call per request, each carrying that request's reference, in the order given. */
export function requestsBatch(requests: readonly BatchableRequest[]): {
  chainId: number
  calls: { requestId: string; to: Address; data: Hex; value?: bigint }[]
} {
  const [first] = requests
  if (!first) throw new RangeError('A batch needs at least one request.')
  const other = requests.find((r) => r.chainId !== first.chainId)
  if (other) throw new RangeError(`Request ${other.id} is on chain ${other.chainId}, not ${first.chainId}.`)
  return {
    chainId: first.chainId,
    calls: requests.map((r) => {
      if (r.due <= 0n) throw new RangeError(`Request ${r.id} has nothing left to pay.`)
      // Both ways a wallet pays by itself; a signed (gasless) payment is not a call of the payer's.
      const method = r.asset === NATIVE_ASSET ? nativeTransfer : tokenTransfer
      return { requestId: r.id, ...method.payer.call!(r, r.due) }
    }),
  }
}
