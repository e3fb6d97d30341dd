import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Hash } from 'viem'
import { settledBatch } from '../../../wallet/batchCalls.ts'
import { mutate, query } from '../../graphql/apiClient.ts'
import { useBatchSend, type BatchSent } from '../../wallet/useBatchSend.ts'
import { useConnection, useWalletCore } from '../../wallet/WalletProvider.tsx'
import {
  DismissUsdcMoveMutation,
  RecordUsdcMoveMutation,
  USDC_MOVES_KEY,
  UsdcToOneChainQuery,
} from './bridgeOperations.ts'

/** The wallet sent nothing that burnt on `chainId` (a batch that failed, or only the approval went). */
export class BurnNotSentError extends Error {
  constructor(readonly chainId: number) {
    super(`The burn on chain ${chainId} was not sent.`)
  }
}

export type UsdcSource = { chainId: number; amount: string }
export type PreparedMint = { chainId: number; to: string; data: string }

/**
 * The payee's wallet moving their USDC with Circle's CCTP, one chain at a time: on each source it
 * switches there, sends the approval and the burn in one confirmation where the wallet batches
 * (EIP-5792), and the burn's hash is kept server-side at once; `receive` sends the attested mints on
 * their destination. Billfold prepares, the wallet sends: nothing is held.
 */
export function useBringUsdc() {
  const core = useWalletCore()
  const connection = useConnection()
  const send = useBatchSend()
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: USDC_MOVES_KEY })

  /** The hash of the transaction that burnt: the last one the batch made, once the wallet says it went. */
  async function burnHashOf(chainId: number, sent: BatchSent): Promise<Hash> {
    const last = sent.batches.at(-1)!
    if (last.sent.kind === 'transactions') {
      if (last.sent.hashes.length < last.calls.length) throw new BurnNotSentError(chainId)
      return last.sent.hashes.at(-1)!
    }
    if (connection.status !== 'connected') throw new BurnNotSentError(chainId)
    const status = await settledBatch(connection.wallet.provider, last.sent.id)
    const hash = status.transactions.at(-1)?.hash
    if (status.state !== 'confirmed' || !hash) throw new BurnNotSentError(chainId)
    return hash
  }

  const bring = useMutation({
    mutationFn: async ({ destinationChainId, sources }: { destinationChainId: number; sources: UsdcSource[] }) => {
      for (const source of sources) {
        await core.connection.switchChain(source.chainId)
        const { usdcToOneChain: calls } = await query(UsdcToOneChainQuery, {
          sourceChainId: source.chainId,
          destinationChainId,
          amount: source.amount,
        })
        const burnTxHash = await burnHashOf(source.chainId, await send(source.chainId, calls))
        await mutate(RecordUsdcMoveMutation, {
          sourceChainId: source.chainId,
          destinationChainId,
          amount: source.amount,
          burnTxHash,
        })
        await refresh()
      }
    },
  })

  const receive = useMutation({
    mutationFn: async (mints: PreparedMint[]) => {
      const chainId = mints[0]!.chainId
      await core.connection.switchChain(chainId)
      await send(chainId, mints)
      await refresh()
    },
  })
  /** Sets aside a move that cannot finish (its burn failed, or Circle will not attest it). */
  const dismiss = useMutation({
    mutationFn: async (id: string) => {
      await mutate(DismissUsdcMoveMutation, { id })
      await refresh()
    },
  })
  return { bring, receive, dismiss }
}
