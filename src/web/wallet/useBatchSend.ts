import type { Address, Hex } from 'viem'
import { atomicSupport, sendInBatches, type BatchCall, type SentBatch } from '../../wallet/batchCalls.ts'
import { DisconnectedError } from '../../wallet/walletErrors.ts'
import { useConnection } from './WalletProvider.tsx'

/** How a batch went out: how many confirmations the wallet asked for, and whether it ran as one transaction. */
export type BatchSent = { batches: { sent: SentBatch; calls: readonly BatchCall[] }[]; atomic: boolean }

/**
 * Sends calls from the connected wallet in one confirmation (EIP-5792 wallet_sendCalls): atomic
 * where the wallet says it can, else as the fewest batches it takes; one transaction a call where it
 * has no EIP-5792. What counts as paid is what the chain shows, never this answer.
 */
export function useBatchSend() {
  const connection = useConnection()
  return async (
    chainId: number,
    calls: readonly { to: string; data: string; value?: bigint }[],
  ): Promise<BatchSent> => {
    if (connection.status !== 'connected') throw new DisconnectedError()
    const provider = connection.wallet.provider
    const from = connection.address
    const support = await atomicSupport(provider, from, chainId)
    const batches = await sendInBatches(provider, {
      from,
      chainId,
      support,
      calls: calls.map((c) => ({ to: c.to as Address, data: c.data as Hex, value: c.value ?? 0n })),
    })
    return { batches, atomic: support === 'ready' || support === 'supported' }
  }
}
