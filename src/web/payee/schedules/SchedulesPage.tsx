import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { formatDateTime } from '../../components/formatDateTime.ts'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { mutate, query } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { StatusBadge } from '../../requests/RequestSummary.tsx'
import { BackToRequests } from '../BackToRequests.tsx'
import { NewScheduleForm } from './NewScheduleForm.tsx'
import {
  cadence,
  MySchedulesQuery,
  PauseScheduleMutation,
  ResumeScheduleMutation,
  SCHEDULES_KEY,
  StopScheduleMutation,
} from './scheduleOperations.ts'
import { ScrollTable } from '../../components/ScrollTable.tsx'

type ScheduleData = ResultOf<typeof MySchedulesQuery>['mySchedules'][number]

const STATE_WORDS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
  finished: 'Finished',
}

/** `/schedules`: recurring requests, each period's status, and a new one. */
export function SchedulesPage() {
  useDocumentTitle('Recurring requests')
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const schedules = useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: async () => (await query(MySchedulesQuery)).mySchedules,
  })
  return (
    <section aria-labelledby="schedules-title" className="stack">
      <BackToRequests />
      <h1 id="schedules-title" ref={heading}>
        Recurring requests
      </h1>
      <p className="hint">
        A request for the same amount every week, month or year, made when its period begins and signed for you by the
        schedule’s own key (your wallet signs once). Its link always shows the current period’s request.
      </p>
      <ErrorNotice error={schedules.error} />
      {schedules.data?.length === 0 && <p className="card">No recurring requests yet.</p>}
      {schedules.data?.map((s) => (
        <ScheduleCard key={s.id} schedule={s} />
      ))}
      <NewScheduleForm />
    </section>
  )
}

function ScheduleCard({ schedule: s }: { schedule: ScheduleData }) {
  const client = useQueryClient()
  const link = new URL(s.linkPath, window.location.origin).href
  const change = useMutation({
    mutationFn: async (kind: 'pause' | 'resume' | 'stop') =>
      kind === 'pause'
        ? mutate(PauseScheduleMutation, { id: s.id })
        : kind === 'resume'
          ? mutate(ResumeScheduleMutation, { id: s.id })
          : mutate(StopScheduleMutation, { id: s.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  })
  const running = s.state === 'active' || s.state === 'paused'
  return (
    <article className="card stack" aria-label={`Schedule: ${s.memo || s.amountDecimal}`} data-testid="schedule">
      <h2>
        {s.amountDecimal} {s.symbol} · {s.memo}
      </h2>
      <p>
        {cadence(s)}, from {s.startsOn}
        {s.count ? `, ${s.count} times` : ', until stopped'} ·{' '}
        <strong data-testid="schedule-state">{STATE_WORDS[s.state] ?? s.state}</strong>
        {s.nextAt && s.state === 'active' && ` · next ${formatDateTime(s.nextAt)}`}
      </p>
      <p className="cluster">
        <span className="mono break">{link}</span>
        <CopyButton value={link} label="Copy the schedule’s link" />
      </p>
      {s.periods.length > 0 && (
        <ScrollTable>
          <table className="requests">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Request</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {s.periods.map((p, i) => (
                <tr key={p.id}>
                  <td data-label="Period">{i + 1}</td>
                  <td data-label="Request">
                    <Link href={`/requests/${p.id}`}>{p.memo}</Link>
                  </td>
                  <td data-label="Due">{formatDateTime(p.dueAt)}</td>
                  <td data-label="Status">
                    <StatusBadge status={p.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <ErrorNotice error={change.error} />
      {running && (
        <div className="cluster">
          {s.state === 'active' ? (
            <button type="button" className="button" onClick={() => change.mutate('pause')} disabled={change.isPending}>
              Pause
            </button>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => change.mutate('resume')}
              disabled={change.isPending}
            >
              Resume
            </button>
          )}
          <button
            type="button"
            className="button danger"
            onClick={() => change.mutate('stop')}
            disabled={change.isPending}
          >
            Stop for good
          </button>
        </div>
      )}
    </article>
  )
}
