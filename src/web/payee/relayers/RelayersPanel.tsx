import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { formatEther } from 'viem'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { relayersPanelText } from './relayersText.ts'
import { query } from '../../graphql/apiClient.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { RelayerCard } from './RelayerCard.tsx'
import { MyRelayersQuery, MyRelaysQuery, RELAYERS_KEY, RELAYS_KEY } from './relayerOperations.ts'
import { ScrollTable } from '../../components/ScrollTable.tsx'

const RELAY_STATES: readonly string[] = ['waiting', 'signed', 'sent', 'mined', 'reverted', 'expired']
type RelayState = 'waiting' | 'signed' | 'sent' | 'mined' | 'reverted' | 'expired'

/** Payments without gas: the payee's relayer on each chain, and what the relayers sent with their fees. */
export function RelayersPanel() {
  const t = useStore(relayersPanelText)
  const { dateTime } = useFormat()
  const chains = useChains()
  const relayers = useQuery({ queryKey: RELAYERS_KEY, queryFn: () => query(MyRelayersQuery), refetchInterval: 10_000 })
  const relays = useQuery({ queryKey: RELAYS_KEY, queryFn: () => query(MyRelaysQuery), refetchInterval: 5_000 })
  const chainOf = (id: number) => chains.data?.find((c) => c.id === id)
  return (
    <section className="card stack" aria-labelledby="relayers-title">
      <h2 id="relayers-title">{t.title}</h2>
      <p className="card-intro">{t.intro}</p>
      {relayers.data?.myRelayers.map((relayer) => (
        <RelayerCard
          key={relayer.chainId}
          relayer={relayer}
          chainName={chainOf(relayer.chainId)?.name ?? fillText(t.chainFallback, { id: relayer.chainId })}
          symbol={chainOf(relayer.chainId)?.nativeSymbol ?? 'ETH'}
        />
      ))}
      <ErrorNotice error={relayers.error ?? relays.error} />
      <p>
        <a href="/export/relays.csv" download>
          {t.csv}
        </a>
      </p>
      {relays.data && relays.data.myRelays.length > 0 && (
        <ScrollTable>
          <table className="requests" aria-label={t.tableLabel}>
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.fee}</th>
              </tr>
            </thead>
            <tbody>
              {relays.data.myRelays.map((relay) => (
                <tr key={relay.id}>
                  <td>{dateTime(relay.createdAt)}</td>
                  <td>
                    {relay.kind === 'withdrawal'
                      ? fillText(t.withdrawal, {
                          amount:
                            `${formatEther(BigInt(relay.value))} ${chainOf(relay.chainId)?.nativeSymbol ?? ''}`.trim(),
                        })
                      : fillText(t.payment, { id: relay.requestId ?? '' })}
                  </td>
                  <td title={relay.reason ?? undefined}>
                    {RELAY_STATES.includes(relay.state) ? t[relay.state as RelayState] : relay.state}
                  </td>
                  <td>
                    {relay.fee
                      ? `${formatEther(BigInt(relay.fee))} ${chainOf(relay.chainId)?.nativeSymbol ?? ''}`
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  )
}
