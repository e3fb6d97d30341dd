import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { fillText } from '../i18n/fill.tsx'
import { linkText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'

const ScheduleQuery = graphql(`
  query ScheduleLink($id: String!) {
    schedule(id: $id) {
      id
      state
      nextAt
      currentRequest {
        id
      }
    }
  }
`)

/**
 * A schedule's stable link (`/s/<id>`): the current period's request, on its pay page; before the
 * first period, or once stopped, what the payer needs to know. The link itself stays out of the
 * history, so Back leaves rather than landing here again.
 */
export function ScheduleLinkPage({ id }: { id: string }) {
  const t = useStore(linkText)
  const format = useFormat()
  const [, navigate] = useLocation()
  useDocumentTitle(t.scheduleTitle)
  const schedule = useQuery({
    queryKey: ['schedule-link', id],
    queryFn: async () => (await query(ScheduleQuery, { id })).schedule,
    retry: false,
  })
  const current = schedule.data?.currentRequest?.id
  useEffect(() => {
    if (current) navigate(`/pay/${current}`, { replace: true })
  }, [current, navigate])
  if (schedule.error) return <ErrorNotice error={schedule.error} />
  if (!schedule.data || current) return <p role="status">{t.scheduleLoading}</p>
  const { state, nextAt } = schedule.data
  return (
    <section className="card" data-testid="schedule-link">
      <p role="status">
        {state === 'stopped' || state === 'finished'
          ? t.scheduleStopped
          : state === 'paused'
            ? t.schedulePaused
            : fillText(t.scheduleNotYet, { date: nextAt ? format.dateTime(nextAt) : '' })}
      </p>
    </section>
  )
}
