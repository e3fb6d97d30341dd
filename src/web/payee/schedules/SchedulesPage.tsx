import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { mutate, query } from '../../graphql/apiClient.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { plural } from '../../../i18n/plural.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { StatusBadge } from '../../requests/RequestSummary.tsx'
import { BackToRequests } from '../BackToRequests.tsx'
import { formatDay } from '../formatDay.ts'
import { fillText } from '../../i18n/fill.tsx'
import { cadenceText, schedulesPageText } from './schedulesText.ts'
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
import { useSession } from '../../auth/useSession.ts'
import { MemberDelegateSignsQuery } from '../business/businessOperations.ts'

type ScheduleData = ResultOf<typeof MySchedulesQuery>['mySchedules'][number]

const STATES: readonly string[] = ['active', 'paused', 'stopped', 'finished']

/** `/schedules`: recurring requests, each period's status, and a new one. */
export function SchedulesPage() {
  const t = useStore(schedulesPageText)
  useDocumentTitle(t.title)
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
        {t.title}
      </h1>
      <SchedulesIntro />
      <ErrorNotice error={schedules.error} />
      {schedules.data?.length === 0 && <p className="card">{t.none}</p>}
      {schedules.data?.map((s) => (
        <ScheduleCard key={s.id} schedule={s} />
      ))}
      <NewScheduleForm />
    </section>
  )
}

/**
 * Who signs a schedule's requests: for the owner, the schedule's key their wallet authorises once; for
 * a member, the business's members' delegate, which the owner must have authorised first.
 */
function SchedulesIntro() {
  const t = useStore(schedulesPageText)
  const role = useSession().data?.role
  const member = role !== undefined && role !== 'owner'
  const delegateSigns = useQuery({
    queryKey: ['member-delegate-signs'],
    enabled: member,
    queryFn: async () => (await query(MemberDelegateSignsQuery)).memberDelegateSigns,
  })
  if (role === 'owner') return <p className="hint">{t.intro}</p>
  if (delegateSigns.data === undefined) return null
  return (
    <p className="hint" data-testid="schedules-signer">
      {delegateSigns.data ? t.introMember : t.introBeforeDelegate}
    </p>
  )
}

function ScheduleCard({ schedule: s }: { schedule: ScheduleData }) {
  const t = useStore(schedulesPageText)
  const words = useStore(cadenceText)
  const format = useFormat()
  const every = cadence(s, words, format.locale)
  const amount = format.asset(s.amountDecimal, s.symbol)
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
  const message = fillText(t.payerMessage, { memo: s.memo || amount, amount, cadence: every, link })
  const running = s.state === 'active' || s.state === 'paused'
  return (
    <article
      className="card stack"
      aria-label={fillText(t.cardLabel, { name: s.memo || amount })}
      data-testid="schedule"
    >
      <h2>
        {amount} · {s.memo}
      </h2>
      <p>
        {fillText(t.fromDate, { cadence: every, date: formatDay(s.startsOn, format.locale) })}
        {`, ${s.count ? fillText(plural(format.locale, s.count, { one: t.timesOne, other: t.timesOther }), { count: s.count }) : t.untilStopped}`}{' '}
        ·{' '}
        <strong data-testid="schedule-state">
          {STATES.includes(s.state) ? t[s.state as 'active' | 'paused' | 'stopped' | 'finished'] : s.state}
        </strong>
        {s.nextAt && s.state === 'active' && ` · ${fillText(t.next, { date: format.dateTime(s.nextAt) })}`}
      </p>
      <p className="cluster">
        <span className="mono break">{link}</span>
        <CopyButton value={link} label={t.copyLink} />
      </p>
      <p className="hint">{t.linkFor}</p>
      <p className="cluster">
        <span className="break" data-testid="schedule-payer-message">
          {message}
        </span>
        <CopyButton value={message} label={t.copyMessage} />
      </p>
      {s.periods.length > 0 && (
        <ScrollTable>
          <table className="requests">
            <thead>
              <tr>
                <th scope="col">{t.period}</th>
                <th scope="col">{t.request}</th>
                <th scope="col">{t.due}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {s.periods.map((p, i) => (
                <tr key={p.id}>
                  <td data-label={t.period}>{i + 1}</td>
                  <td data-label={t.request}>
                    <Link href={`/requests/${p.id}`}>{p.memo}</Link>
                  </td>
                  <td data-label={t.due}>{format.dateTime(p.dueAt)}</td>
                  <td data-label={t.status}>
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
              {t.pause}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => change.mutate('resume')}
              disabled={change.isPending}
            >
              {t.resume}
            </button>
          )}
          <button
            type="button"
            className="button danger"
            onClick={() => change.mutate('stop')}
            disabled={change.isPending}
          >
            {t.stop}
          </button>
        </div>
      )}
    </article>
  )
}
