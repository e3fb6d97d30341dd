import type { Address, Hash, Hex } from 'viem'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import type { DueRequest } from '../../payments/repository/dueRequests.ts'
import type { CandidateRequest } from '../../payments/repository/watchedRequests.ts'
import { sameAddress } from '../../domain/sameAddress.ts'
import {
  referenceOfAuthorizationNonce,
  referenceOfNativeCall,
  referencesAfterTransfer,
} from '../../domain/transferReference.ts'

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
  /** The nonce of the ERC-3009 authorization this transfer carried out, when it was one (its `AuthorizationUsed` log). */
  authorizationNonce?: Hex
}

export type FoundPayment = Omit<IncomingTransfer, 'input' | 'to' | 'asset' | 'authorizationNonce'> & {
  requestId: string
}

/**
 * The references each transfer could carry, in order; a token transfer may see several (a batch
 * paying one payee twice). An ERC-3009 transfer's comes first: its nonce names the request, whoever
 * submitted the authorization.
 */
function referencesOf(transfer: IncomingTransfer): Hex[] {
  if (transfer.asset === NATIVE_ASSET) {
    const reference = referenceOfNativeCall(transfer.input)
    return reference ? [reference] : []
  }
  const authorized = transfer.authorizationNonce ? [referenceOfAuthorizationNonce(transfer.authorizationNonce)] : []
  return [...authorized, ...referencesAfterTransfer(transfer.input, transfer.to, transfer.amount)]
}

/** Whether a transfer carries bytes where a reference would be. */
export const carriesReference = (transfer: IncomingTransfer) => referencesOf(transfer).length > 0

/** Every reference the transfers could carry: the requests to look up. */
export function candidateReferences(transfers: readonly IncomingTransfer[]): Hex[] {
  return [...new Set(transfers.flatMap(referencesOf))]
}

/**
 * Payments among the transfers: a transfer pays the request whose reference it carries when the
 * request is for that asset, to that payee, and (if it names one) from that payer. Each transfer pays
 * at most one request, and each occurrence of a reference in the input pays at most one transfer, so
 * a batch of two identical transfers with two references pays both requests. The transfers that pay
 * none by reference come back as `unreferenced`; a payee's transfer to itself is neither.
 */
export function matchPayments(
  transfers: readonly IncomingTransfer[],
  requests: ReadonlyMap<string, CandidateRequest>,
): { payments: FoundPayment[]; unreferenced: IncomingTransfer[] } {
  const used = new Set<string>()
  const payments: FoundPayment[] = []
  const unreferenced: IncomingTransfer[] = []
  for (const transfer of inChainOrder(transfers)) {
    if (sameAddress(transfer.from, transfer.to)) continue
    const references = referencesOf(transfer)
    let paid = false
    for (let k = 0; k < references.length && !paid; k++) {
      // A reference in the calldata is one per occurrence of the call; an authorization's is its own log's.
      const byLog = transfer.asset === NATIVE_ASSET || (k === 0 && transfer.authorizationNonce !== undefined)
      const occurrence = `${transfer.txHash}:${byLog ? `log${transfer.logIndex}` : `${transfer.to}:${transfer.amount}`}:${k}`
      const request = requests.get(references[k]!)
      if (used.has(occurrence) || !request || !pays(transfer, request)) continue
      used.add(occurrence)
      payments.push(paymentOf(transfer, request.id))
      paid = true
    }
    if (!paid) unreferenced.push(transfer)
  }
  return { payments, unreferenced }
}

/**
 * Direct transfers (no reference) matched by amount: one pays a request when its amount is exactly
 * what is still due on exactly one request of that payee and asset made before its block (from the
 * payer, if the request names one). Taken in chain order, so a request paid by one transfer is no
 * longer due for the next. The others stay unmatched, for the payee to assign or dismiss.
 */
export function matchByAmount(
  transfers: readonly IncomingTransfer[],
  open: readonly DueRequest[],
): { payments: FoundPayment[]; unmatched: IncomingTransfer[] } {
  // Requests by payee, asset and what is due: a busy payee's backfill meets thousands of each.
  const keyOf = (payee: string, asset: string, due: bigint) => `${payee.toLowerCase()}:${asset.toLowerCase()}:${due}`
  const byDue = new Map<string, DueRequest[]>()
  for (const r of open) {
    const key = keyOf(r.payee, r.asset, r.due)
    const list = byDue.get(key)
    if (list) list.push(r)
    else byDue.set(key, [r])
  }
  const payments: FoundPayment[] = []
  const unmatched: IncomingTransfer[] = []
  for (const transfer of inChainOrder(transfers)) {
    const key = keyOf(transfer.to, transfer.asset, transfer.amount)
    const candidates = byDue.get(key) ?? []
    const fits = candidates.filter(
      (r) => r.createdBlock < transfer.blockNumber && pays(transfer, { ...r, reference: '0x' }),
    )
    if (fits.length !== 1) {
      unmatched.push(transfer)
      continue
    }
    // Paid in full: no longer due for the next transfer.
    byDue.set(
      key,
      candidates.filter((r) => r !== fits[0]),
    )
    payments.push(paymentOf(transfer, fits[0]!.id))
  }
  return { payments, unmatched }
}

function paymentOf(transfer: IncomingTransfer, requestId: string): FoundPayment {
  const { txHash, logIndex, from, amount, blockNumber, blockHash, blockTime } = transfer
  return { txHash, logIndex, from, amount, blockNumber, blockHash, blockTime, requestId }
}

const inChainOrder = (transfers: readonly IncomingTransfer[]) =>
  [...transfers].sort((a, b) =>
    a.blockNumber !== b.blockNumber
      ? a.blockNumber < b.blockNumber
        ? -1
        : 1
      : a.txHash !== b.txHash
        ? a.txHash < b.txHash
          ? -1
          : 1
        : a.logIndex - b.logIndex,
  )

function pays(transfer: IncomingTransfer, request: CandidateRequest): boolean {
  if (
    request.asset === NATIVE_ASSET
      ? transfer.asset !== NATIVE_ASSET
      : transfer.asset === NATIVE_ASSET || !sameAddress(request.asset, transfer.asset)
  )
    return false
  return sameAddress(request.payee, transfer.to) && (!request.payer || sameAddress(request.payer, transfer.from))
}
