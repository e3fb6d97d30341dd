import { useStore } from '@nanostores/react'
import { parseAmount } from '../../../domain/amount.ts'
import { sumAmounts } from '../../../domain/money.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import type { MyUsdcMovesQuery } from './bridgeOperations.ts'
import type { ResultOf } from 'gql.tada'
import { bringUsdcText } from './bridgeText.ts'
import { useBringUsdc, type PreparedMint } from './useBringUsdc.ts'

const USDC = { symbol: 'USDC', decimals: 6 }

type Move = ResultOf<typeof MyUsdcMovesQuery>['myUsdcMoves'][number]

/**
 * The payee's USDC moves as the server reads them from Circle and the chains, and for those
 * attested, one "Receive" a destination chain: every mint waiting there in one confirmation.
 */
export function UsdcMoves({ moves, chainName }: { moves: readonly Move[]; chainName: (id: number) => string }) {
  const t = useStore(bringUsdcText)
  const format = useFormat()
  const { receive, dismiss } = useBringUsdc()
  if (moves.length === 0) return null
  const ready = moves.flatMap((m) => (m.state === 'ready' && m.call ? [{ move: m, call: m.call }] : []))
  const readyByChain = [...new Set(ready.map((r) => r.call.chainId))].map((chainId) => {
    const of = ready.filter((r) => r.call.chainId === chainId)
    return {
      chainId,
      mints: of.map((r): PreparedMint => r.call),
      amount: sumAmounts(of.map((r) => parseAmount(r.move.amount, 6))),
    }
  })
  const stateTexts: Record<string, string> = {
    waiting: t.waiting,
    ready: t.ready,
    done: t.done,
    failed: t.failed,
    unavailable: t.unavailable,
    notFound: t.notFound,
  }
  const stateText = (m: Move) => fillText(stateTexts[m.state] ?? m.state, { chain: chainName(m.sourceChainId) })
  return (
    <>
      <h3>{t.moves}</h3>
      <ul className="usdc-moves" data-testid="usdc-moves">
        {moves.map((m) => (
          <li key={m.id} data-testid="usdc-move" data-state={m.state}>
            <strong>
              {fillText(t.move, {
                amount: format.asset(m.amount, USDC.symbol),
                source: chainName(m.sourceChainId),
                destination: chainName(m.destinationChainId),
              })}
            </strong>{' '}
            <span className="muted">{stateText(m)}</span>
            {['failed', 'unavailable', 'notFound'].includes(m.state) && (
              <>
                {' '}
                <button
                  type="button"
                  className="button"
                  disabled={dismiss.isPending}
                  onClick={() => dismiss.mutate(m.id)}
                >
                  {t.dismiss}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {readyByChain.map((r) => (
        <div className="actions" key={r.chainId}>
          <button
            type="button"
            className="button primary"
            disabled={receive.isPending}
            onClick={() => receive.mutate(r.mints)}
          >
            {receive.isPending
              ? t.receiving
              : fillText(t.receive, {
                  amount: format.assetUnits(r.amount, USDC.decimals, USDC.symbol),
                  chain: chainName(r.chainId),
                })}
          </button>
        </div>
      ))}
      <ErrorNotice error={receive.error ?? dismiss.error} />
    </>
  )
}
