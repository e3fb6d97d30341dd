import { useQuery } from '@tanstack/react-query'
import { formatEther } from 'viem'
import { Link } from 'wouter'
import { query } from '../../graphql/apiClient.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { MyRelayersQuery, RELAYERS_KEY } from './relayerOperations.ts'

/**
 * On the dashboard: a relayer that is on and below the fees of 20 payments, before payers meet it
 * empty, and one whose reverts paused payments without gas.
 */
export function RelayerLowNotice() {
  const chains = useChains()
  const relayers = useQuery({ queryKey: RELAYERS_KEY, queryFn: () => query(MyRelayersQuery), staleTime: 60_000 })
  const low = relayers.data?.myRelayers.filter((r) => r.enabled && r.lowBalance) ?? []
  const paused = relayers.data?.myRelayers.filter((r) => r.enabled && r.pausedAt) ?? []
  if (low.length === 0 && paused.length === 0) return null
  return (
    <>
      {paused.map((relayer) => (
        <p
          key={`paused-${relayer.chainId}`}
          className="notice warning"
          role="status"
          data-testid="relayer-paused-dashboard"
        >
          Payments without gas are paused on{' '}
          {chains.data?.find((c) => c.id === relayer.chainId)?.name ?? `chain ${relayer.chainId}`}:{' '}
          {relayer.pausedReason}. <Link href="/settings">Look and resume</Link>.
        </p>
      ))}
      {low.map((relayer) => {
        const chain = chains.data?.find((c) => c.id === relayer.chainId)
        return (
          <p key={relayer.chainId} className="notice warning" role="status" data-testid="relayer-low-dashboard">
            Your relayer on {chain?.name ?? `chain ${relayer.chainId}`} holds {formatEther(BigInt(relayer.balance))}{' '}
            {chain?.nativeSymbol ?? ''}: fewer than 20 payments without gas. <Link href="/settings">Fund it</Link>.
          </p>
        )
      })}
    </>
  )
}
