import { useStore } from '@nanostores/react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatUnits, erc20Abi, type Address } from 'viem'
import { readContract } from 'viem/actions'
import { sumAmounts } from '../../../domain/money.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { MoneyField, moneyFieldText, readMoney } from '../../components/MoneyField.tsx'
import { query } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { locale } from '../../i18n/i18n.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { publicClientFor } from '../../publicClients.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { MyUsdcMovesQuery, USDC_MOVES_KEY } from './bridgeOperations.ts'
import { bringUsdcText } from './bridgeText.ts'
import { BurnNotSentError, useBringUsdc } from './useBringUsdc.ts'
import { UsdcMoves } from './UsdcMoves.tsx'

const USDC = { symbol: 'USDC', decimals: 6 }
/** How often the moves are read again while one waits for Circle or for the mint. */
const MOVING_POLL_MS = 2_000

/**
 * "Bring USDC to one chain" on the payee's per-chain view: the destination and each other chain's
 * amount (all its USDC by default), then the burns from the wallet, each move waiting for Circle's
 * attestation, and the receipt on the destination. Moves come from the server: a reload resumes them.
 */
export function BringUsdc({
  payee,
  offer,
  defaultDestination,
}: {
  payee: Address
  offer: boolean
  defaultDestination: number
}) {
  const t = useStore(bringUsdcText)
  const format = useFormat()
  const { chains } = useWalletCore()
  const chainName = (id: number) =>
    chains.find((c) => c.id === id)?.name ?? fillText(t.chainFallback, { id: String(id) })
  const usdcChains = (useChains().data ?? []).flatMap((c) => {
    const usdc = c.assets.find((a) => a.symbol === 'USDC')
    return usdc ? [{ id: c.id, usdc: usdc.address as Address }] : []
  })
  const moves = useQuery({
    queryKey: USDC_MOVES_KEY,
    queryFn: async () => (await query(MyUsdcMovesQuery)).myUsdcMoves,
    // A move that cannot change without the payee (finished, failed, not found on the chain) is not asked about again.
    refetchInterval: (q) =>
      q.state.data?.some((m) => !['done', 'failed', 'notFound'].includes(m.state)) ? MOVING_POLL_MS : false,
  })
  const { bring } = useBringUsdc()
  const [open, setOpen] = useState(false)
  const [destination, setDestination] = useState<number>(defaultDestination)
  const [typed, setTyped] = useState<Record<number, string>>({})
  const code = useStore(locale)
  const moneyText = useStore(moneyFieldText)
  const sources = usdcChains.filter((c) => c.id !== destination)
  const balances = useQueries({
    queries: sources.map((c) => ({
      queryKey: ['usdcBalance', c.id, payee],
      enabled: open,
      queryFn: async () => {
        const client = publicClientFor(chains, c.id)
        if (!client) return 0n
        return readContract(client, { address: c.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [payee] })
      },
    })),
  })
  const lines = sources.map((c, i) => {
    const balance = balances[i]?.data
    const shown = typed[c.id] ?? (balance === undefined ? '' : formatUnits(balance, USDC.decimals))
    return { chainId: c.id, balance, shown, reading: readMoney(shown, USDC, code, moneyText) }
  })
  const chosen = lines.filter((l) => l.reading.value !== undefined && l.reading.value > 0n)
  const total = sumAmounts(chosen.map((l) => l.reading.value!))
  const invalid = lines.some((l) => l.reading.error)

  // Away from a per-chain view, only the moves still to finish are shown: a burn is never left behind.
  const list = (moves.data ?? []).filter((m) => offer || !['done', 'failed'].includes(m.state))
  if (!offer && list.length === 0) return null
  return (
    <section className="stack" aria-labelledby="bring-usdc-title" data-testid="bring-usdc">
      <h2 id="bring-usdc-title">{t.title}</h2>
      {offer && !open && (
        <div className="actions">
          <button type="button" className="button" onClick={() => setOpen(true)}>
            {t.open}
          </button>
        </div>
      )}
      {offer && open && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault()
            if (chosen.length === 0 || invalid) return
            bring.mutate(
              {
                destinationChainId: destination,
                sources: chosen.map((l) => ({ chainId: l.chainId, amount: l.reading.decimal })),
              },
              { onSuccess: () => setOpen(false) },
            )
          }}
        >
          <p className="hint">{t.intro}</p>
          <label htmlFor="bring-destination">{t.destination}</label>
          <select
            id="bring-destination"
            value={destination}
            onChange={(e) => {
              setDestination(Number(e.target.value))
              setTyped({})
            }}
          >
            {usdcChains.map((c) => (
              <option key={c.id} value={c.id}>
                {chainName(c.id)}
              </option>
            ))}
          </select>
          {lines.map((l) => (
            <MoneyField
              key={l.chainId}
              id={`bring-from-${l.chainId}`}
              label={fillText(t.from, { chain: chainName(l.chainId) })}
              typed={l.shown}
              reading={l.reading}
              symbol={USDC.symbol}
              error={l.reading.error}
              hint={
                l.balance === undefined
                  ? undefined
                  : fillText(t.holding, { amount: format.assetUnits(l.balance, USDC.decimals, USDC.symbol) })
              }
              onChange={(value) => setTyped((now) => ({ ...now, [l.chainId]: value }))}
            />
          ))}
          {lines.every((l) => l.balance === 0n) && <p className="hint">{t.nothing}</p>}
          <div className="actions">
            <button
              type="submit"
              className="button primary"
              disabled={bring.isPending || chosen.length === 0 || invalid}
            >
              {bring.isPending
                ? t.bringing
                : fillText(t.bring, {
                    amount: format.assetUnits(total, USDC.decimals, USDC.symbol),
                    chain: chainName(destination),
                  })}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)} disabled={bring.isPending}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}
      {bring.error instanceof BurnNotSentError ? (
        <p role="alert" className="notice error">
          {fillText(t.burnNotSent, { chain: chainName(bring.error.chainId) })}
        </p>
      ) : (
        <ErrorNotice error={bring.error} />
      )}
      <UsdcMoves moves={list} chainName={chainName} />
    </section>
  )
}
