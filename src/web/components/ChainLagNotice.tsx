import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { graphql } from '../graphql/graphql.ts'
import { query } from '../graphql/apiClient.ts'
import { fillText } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'

const ChainHealthQuery = graphql(`
  query ChainHealth {
    chains {
      id
      name
      watcher {
        lagging
        lagBlocks
        lastError
        laggingSince
        lastGap
        lastGapAt
      }
    }
  }
`)

/** How often the health is asked again while a page is open. */
const REFRESH_MS = 30_000
/** How long the dashboard names a chain's newest gap (an item its RPC answered oddly). */
const GAP_NOTICE_MS = 86_400_000

/**
 * Says when payments on a chain may show late because its watcher lags (a slow or failing RPC):
 * for one chain on the pay page, for every chain on the dashboard. On the dashboard, also a chain
 * whose RPC answered an item oddly in the last day (a gap). Nothing while all keep up.
 */
export function ChainLagNotice({ chainId }: { chainId?: number }) {
  const t = useStore(payText)
  const format = useFormat()
  const health = useQuery({
    queryKey: ['chainHealth'],
    queryFn: () => query(ChainHealthQuery),
    refetchInterval: REFRESH_MS,
  })
  const chains = health.data?.chains ?? []
  const lagging = chains.filter((c) => c.watcher?.lagging && (chainId === undefined || c.id === chainId))
  const gapped = chainId === undefined ? chains.filter((c) => recent(c.watcher?.lastGapAt)) : []
  if (lagging.length === 0 && gapped.length === 0) return null
  return (
    <div className="notice warning" role="status">
      {lagging.map((c) => (
        <p key={c.id}>
          {c.watcher!.lagBlocks !== null && c.watcher!.lagBlocks > 0
            ? fillText(t.laggingBlocks, { chain: c.name, blocks: format.integer(c.watcher!.lagBlocks) })
            : fillText(t.lagging, { chain: c.name })}
        </p>
      ))}
      {gapped.map((c) => (
        <p key={`gap-${c.id}`}>{fillText(t.gapped, { chain: c.name, gap: c.watcher!.lastGap ?? '' })}</p>
      ))}
    </div>
  )
}

const recent = (at: string | null | undefined) => !!at && Date.now() - new Date(at).getTime() < GAP_NOTICE_MS
