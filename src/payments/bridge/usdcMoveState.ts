import {
  getAddress,
  sliceHex,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem'
import { messageTransmitterV2Abi } from '../../chain/cctp/cctpContracts.ts'
import { readAttestation } from './circleAttestation.ts'
import { burnsInReceipt } from './discoverBurns.ts'
import type { UsdcMoveRow } from './usdcMoves.ts'
import { prepareMint, type PreparedCall } from './usdcToOneChain.ts'

/**
 * Where a move stands, read from Iris and the chains at each look: waiting for Circle's
 * attestation, ready to receive (the mint prepared), done (the destination spent its nonce), failed
 * (the burn reverted, or its transaction burnt nothing of the payee's), not found (its transaction never came on the chain), or unavailable now (and why).
 */
export type UsdcMoveState =
  | { state: 'waiting' | 'done' | 'failed' | 'notFound' }
  | { state: 'ready'; call: PreparedCall }
  | { state: 'unavailable'; reason: string }

/**
 * How many blocks past the head at which a move's transaction was first looked for, and had no
 * receipt, it reads as never on the chain. A wallet's transaction is mined within a few blocks unless
 * its fee was too low, and then the wallet offers to speed it up or cancel it, which sends another
 * under another hash: the hash recorded never comes. 300 blocks is an hour of Ethereum's, ten minutes
 * of Base's or Polygon's, over a minute of Arbitrum's, whose sequencer takes a transaction at once
 * or never. Blocks rather than a clock, so a chain that stalls never reads a transaction as missing.
 * One mined later is still taken: every look reads its receipt again, and a move dismissed comes back
 * when its burn is found on the chain.
 */
export const NOT_FOUND_AFTER_BLOCKS = 300n

/** What a move's source chain says of its transaction: mined (its receipt), absent at its head, or nothing readable now. */
export type Sighting = { receipt: TransactionReceipt } | { absentAt: bigint } | undefined

async function sightTransaction(client: PublicClient | undefined, hash: Hash): Promise<Sighting> {
  if (!client) return undefined
  try {
    return { receipt: await client.getTransactionReceipt({ hash }) }
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) return undefined
    return client.getBlockNumber({ cacheTime: 0 }).then(
      (absentAt) => ({ absentAt }),
      () => undefined,
    )
  }
}

const burnt = (move: UsdcMoveRow, receipt: TransactionReceipt) =>
  burnsInReceipt(receipt, move.sourceChainId).filter((b) => b.depositor === getAddress(move.payee)).length >
  move.burnIndex

/** The move's state, and while Circle has not attested it, what its source chain says of its transaction. */
export async function usdcMoveState(
  move: UsdcMoveRow,
  network: { clientOf(chainId: number): PublicClient | undefined; irisUrl?: string | undefined },
): Promise<UsdcMoveState & { sighting?: Sighting }> {
  if (move.finishedAt) return { state: 'done' }
  const burnTx = move.burnTxHash as Hash
  const attestation = await readAttestation(move.sourceChainId, burnTx, {
    irisUrl: network.irisUrl,
    burn: { depositor: getAddress(move.payee), index: move.burnIndex },
  })
  if (attestation.state === 'unavailable') return attestation
  if (attestation.state === 'pending') {
    const sighting = await sightTransaction(network.clientOf(move.sourceChainId), burnTx)
    // Mined: it burnt, or it never will (reverted, or a transaction that burns nothing of this payee's at this place).
    if (sighting && 'receipt' in sighting)
      return { state: burnt(move, sighting.receipt) ? 'waiting' : 'failed', sighting }
    const notFound =
      sighting !== undefined &&
      move.absentSinceBlock !== null &&
      sighting.absentAt >= move.absentSinceBlock + NOT_FOUND_AFTER_BLOCKS
    return { state: notFound ? 'notFound' : 'waiting', sighting }
  }
  const call = prepareMint(move.sourceChainId, attestation.message, attestation.attestation)
  const destination = network.clientOf(call.chainId)
  // CCTP V2's nonce (message bytes 12–44) is spent by the mint: once used, the USDC has arrived.
  const used = await destination
    ?.readContract({
      address: call.to,
      abi: messageTransmitterV2Abi,
      functionName: 'usedNonces',
      args: [sliceHex(attestation.message, 12, 44)],
    })
    .catch(() => undefined)
  return used !== undefined && used > 0n ? { state: 'done' } : { state: 'ready', call }
}
