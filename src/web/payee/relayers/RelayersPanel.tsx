import { useQuery } from '@tanstack/react-query'
import { formatEther } from 'viem'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { formatDateTime } from '../../components/formatDateTime.ts'
import { query } from '../../graphql/apiClient.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { RelayerCard } from './RelayerCard.tsx'
import { MyRelayersQuery, MyRelaysQuery, RELAYERS_KEY, RELAYS_KEY } from './relayerOperations.ts'
import { ScrollTable } from '../../components/ScrollTable.tsx'

/** Payments without gas: the payee's relayer on each chain, and what the relayers sent with their fees. */
export function RelayersPanel() {
  const chains = useChains()
  const relayers = useQuery({ queryKey: RELAYERS_KEY, queryFn: () => query(MyRelayersQuery), refetchInterval: 10_000 })
  const relays = useQuery({ queryKey: RELAYS_KEY, queryFn: () => query(MyRelaysQuery), refetchInterval: 5_000 })
  const chainOf = (id: number) => chains.data?.find((c) => c.id === id)
  return (
    <section className="card stack" aria-labelledby="relayers-title">
      <h2 id="relayers-title">Payments without gas</h2>
      <p className="card-intro">
        A payer holding USDC or EURC but no coin for the network fee can pay by signing alone: your relayer, a key
        Billfold keeps for you on each chain, sends the payment and pays its fee from the little coin you fund it with.
        The payment still goes straight to your address.
      </p>
      {relayers.data?.myRelayers.map((relayer) => (
        <RelayerCard
          key={relayer.chainId}
          relayer={relayer}
          chainName={chainOf(relayer.chainId)?.name ?? `Chain ${relayer.chainId}`}
          symbol={chainOf(relayer.chainId)?.nativeSymbol ?? 'ETH'}
        />
      ))}
      <ErrorNotice error={relayers.error ?? relays.error} />
      <p>
        <a href="/export/relays.csv" download>
          Download every relay and its fee (CSV)
        </a>
      </p>
      {relays.data && relays.data.myRelays.length > 0 && (
        <ScrollTable>
          <table className="requests" aria-label="Relays and withdrawals">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">State</th>
                <th scope="col">Fee</th>
              </tr>
            </thead>
            <tbody>
              {relays.data.myRelays.map((relay) => (
                <tr key={relay.id}>
                  <td>{formatDateTime(relay.createdAt)}</td>
                  <td>
                    {relay.kind === 'withdrawal'
                      ? `Withdrawal of ${formatEther(BigInt(relay.value))}`
                      : `Payment of request ${relay.requestId}`}
                  </td>
                  <td title={relay.reason ?? undefined}>{relay.state}</td>
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
