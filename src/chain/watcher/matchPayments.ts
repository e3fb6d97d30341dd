import type { Address, Hash, Hex } from 'viem'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { referenceOfNativeCall, referencesAfterTransfer } from '../../domain/transferReference.ts'

/** A transfer to a payee as read from the chain: an ERC-20 log, or a native-coin call. */
export type IncomingTransfer = {
  asset: Address | typeof NATIVE_ASSET
  txHash: Hash
  /** The log's index; for a native call, -1 minus its position in the transaction (-1: the transaction itself). */
  logIndex: number
  from: Address
  to: Address
  amount: bigint
  blockNumber: bigint
  blockHash: Hash
  /** Seconds; undefined when the node left it out of the log (the watcher then reads the block). */
  blockTime: bigint | undefined
  /** For a token, the transaction's input (searched for the transfer call); for a native call, its data. */
  input: Hex
}

/** What the watcher needs of a request to recognise its payment. */
export type CandidateRequest = { id: string; asset: Address | typeof NATIVE_ASSET; payee: Address; payer: Address | null; reference: Hex }

export type FoundPayment = Omit<IncomingTransfer, 'input' | 'to' | 'asset'> & { requestId: string }

/** The references each transfer could carry, in order; a token transfer may see several (a batch paying one payee twice). */
function referencesOf(transfer: IncomingTransfer): Hex[] {
  if (transfer.asset === NATIVE_ASSET) {
    const reference = referenceOfNativeCall(transfer.input)
    return reference ? [reference] : []
  }
  return referencesAfterTransfer(transfer.input, transfer.to, transfer.amount)
}

/** Every reference the transfers could carry: the requests to look up. */
export function candidateReferences(transfers: readonly IncomingTransfer[]): Hex[] {
  return [...new Set(transfers.flatMap(referencesOf))]
}

/**
 * Payments among the transfers: a transfer pays the request whose reference it carries when the
 * request is for that asset, to that payee, and (if it names one) from that payer. Each transfer pays
 * at most one request, and each occurrence of a reference in the input pays at most one transfer, so
 * a batch of two identical transfers with two references pays both requests.
 */
export function matchPayments(transfers: readonly IncomingTransfer[], requests: ReadonlyMap<string, CandidateRequest>): FoundPayment[] {
  const used = new Set<string>()
  const found: FoundPayment[] = []
  const ordered = [...transfers].sort((a, b) => (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : a.logIndex - b.logIndex))
  for (const transfer of ordered) {
    const references = referencesOf(transfer)
    for (let k = 0; k < references.length; k++) {
      const occurrence = `${transfer.txHash}:${transfer.asset === NATIVE_ASSET ? transfer.logIndex : `${transfer.to}:${transfer.amount}`}:${k}`
      const request = requests.get(references[k]!)
      if (used.has(occurrence) || !request || !pays(transfer, request)) continue
      used.add(occurrence)
      const { txHash, logIndex, from, amount, blockNumber, blockHash, blockTime } = transfer
      found.push({ txHash, logIndex, from, amount, blockNumber, blockHash, blockTime, requestId: request.id })
      break
    }
  }
  return found
}

function pays(transfer: IncomingTransfer, request: CandidateRequest): boolean {
  if (request.asset === NATIVE_ASSET ? transfer.asset !== NATIVE_ASSET : transfer.asset === NATIVE_ASSET || !same(request.asset, transfer.asset)) return false
  return same(request.payee, transfer.to) && (!request.payer || same(request.payer, transfer.from))
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
