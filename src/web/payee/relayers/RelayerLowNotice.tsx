import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { query } from '../../graphql/apiClient.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { MyRelayersQuery, RELAYERS_KEY } from './relayerOperations.ts'
import { fill, fillText } from '../../i18n/fill.tsx'
import { relayerNoticeText } from './relayersText.ts'
import { useFormat } from '../../i18n/useFormat.ts'

/**
 * On the dashboard: a relayer that is on and below the fees of 20 payments, before payers meet it
 * empty, and one whose reverts paused payments without gas.
 */
export function RelayerLowNotice() {
  const t = useStore(relayerNoticeText)
  const format = useFormat()
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
          {fill(t.paused, {
            chain:
              chains.data?.find((c) => c.id === relayer.chainId)?.name ??
              fillText(t.chainFallback, { id: relayer.chainId }),
            reason: relayer.pausedReason,
            link: <Link href="/settings">{t.pausedLink}</Link>,
          })}
        </p>
      ))}
      {low.map((relayer) => {
        const chain = chains.data?.find((c) => c.id === relayer.chainId)
        return (
          <p key={relayer.chainId} className="notice warning" role="status" data-testid="relayer-low-dashboard">
            {fill(t.low, {
              chain: chain?.name ?? fillText(t.chainFallback, { id: relayer.chainId }),
              amount: `${format.balance(BigInt(relayer.balance), 18).text} ${chain?.nativeSymbol ?? ''}`.trim(),
              link: <Link href="/settings">{t.lowLink}</Link>,
            })}
          </p>
        )
      })}
    </>
  )
}
