import { sliceHex, type Hash, type PublicClient } from 'viem'
import { messageTransmitterV2Abi } from '../../chain/cctp/cctpContracts.ts'
import { readAttestation } from './circleAttestation.ts'
import type { UsdcMoveRow } from './usdcMoves.ts'
import { prepareMint, type PreparedCall } from './usdcToOneChain.ts'

/**
 * Where a move stands, read from Iris and the chains at each look: waiting for Circle's
 * attestation, ready to receive (the mint prepared), done (the destination spent its nonce), failed
 * (the burn reverted), or unavailable now (and why).
 */
export type UsdcMoveState =
  | { state: 'waiting' | 'done' | 'failed' }
  | { state: 'ready'; call: PreparedCall }
  | { state: 'unavailable'; reason: string }

export async function usdcMoveState(
  move: UsdcMoveRow,
  network: { clientOf(chainId: number): PublicClient | undefined; irisUrl?: string | undefined },
): Promise<UsdcMoveState> {
  if (move.finishedAt) return { state: 'done' }
  const burnTx = move.burnTxHash as Hash
  const attestation = await readAttestation(move.sourceChainId, burnTx, { irisUrl: network.irisUrl })
  if (attestation.state === 'unavailable') return attestation
  if (attestation.state === 'pending') {
    const receipt = await network
      .clientOf(move.sourceChainId)
      ?.getTransactionReceipt({ hash: burnTx })
      .catch(() => undefined)
    return { state: receipt?.status === 'reverted' ? 'failed' : 'waiting' }
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
