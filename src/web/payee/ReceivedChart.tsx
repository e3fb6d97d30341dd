import { useStore } from '@nanostores/react'
import { fillText } from '../i18n/fill.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import { chartText } from './payeeMessages.ts'
import type { Received } from './dashboardOperations.ts'

const WIDTH = 560
const HEIGHT = 160
const GAP = 2

/**
 * Daily amounts received, one small bar chart per asset received on more than one day (amounts of
 * different assets share no scale). Plain SVG coloured from the theme's variables, with its figures
 * in a table for screen readers.
 */
export function ReceivedChart({
  days,
  totals,
}: {
  days: Received['myReceivedByDay']
  totals: Received['myReceivedTotals']
}) {
  const t = useStore(chartText)
  const format = useFormat()
  const pointsOf = (asset: (typeof totals)[number]) =>
    days.filter((d) => d.total.chainId === asset.chainId && d.total.asset === asset.asset)
  // One day is no chart: the figure beside it already says it.
  const charted = totals.filter((asset) => pointsOf(asset).length > 1)
  if (charted.length === 0) return null
  return (
    <div className="charts">
      {charted.map((asset) => {
        const points = pointsOf(asset)
        const max = points.reduce((m, p) => (BigInt(p.total.received) > m ? BigInt(p.total.received) : m), 1n)
        const barWidth = Math.max(2, Math.floor(WIDTH / Math.max(points.length, 1)) - GAP)
        const titleId = `chart-${asset.chainId}-${asset.asset}`
        const top = points.reduce(
          (best, p) => (BigInt(p.total.received) > BigInt(best.total.received) ? p : best),
          points[0]!,
        )
        return (
          <figure key={titleId} className="chart">
            <figcaption id={titleId}>{fillText(t.perDayUtc, { symbol: asset.symbol })}</figcaption>
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none">
              <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="axis" />
              {points.map((p, i) => {
                // Display scaling only: the bar's share of the tallest, in thousandths, from exact integers.
                const height = Math.max(1, (Number((BigInt(p.total.received) * 1000n) / max) / 1000) * (HEIGHT - 4))
                return (
                  <rect
                    key={p.day}
                    x={i * (barWidth + GAP)}
                    y={HEIGHT - height}
                    width={barWidth}
                    height={height}
                    className="bar"
                  >
                    <title>
                      {p.day}: {format.asset(p.total.receivedDecimal, asset.symbol)}
                    </title>
                  </rect>
                )
              })}
            </svg>
            <div className="chart-axis" aria-hidden="true">
              <span>{points[0]!.day}</span>
              <span>
                {fillText(t.highest, { amount: format.asset(top.total.receivedDecimal, asset.symbol), day: top.day })}
              </span>
              <span>{points.at(-1)!.day}</span>
            </div>
            <table className="visually-hidden">
              <caption>{fillText(t.perDay, { symbol: asset.symbol })}</caption>
              <tbody>
                {points.map((p) => (
                  <tr key={p.day}>
                    <th scope="row">{p.day}</th>
                    <td>{format.asset(p.total.receivedDecimal, asset.symbol)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        )
      })}
    </div>
  )
}
