import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { ScrollTable } from '../../components/ScrollTable.tsx'
import { shortAddress } from '../../components/shortAddress.ts'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { mutate, query } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { ChargeReason } from '../../pay/subscriptions/ChargeReason.tsx'
import { subscriptionWordsText, wordOf } from '../../pay/subscriptions/subscriptionText.ts'
import { BackToRequests } from '../BackToRequests.tsx'
import { ChangeSubscriberMutation, MySubscribersQuery, SUBSCRIBERS_KEY } from './planOperations.ts'
import { subscribersPageText, subscriptionsNavText } from './subscriptionsText.ts'

type Data = ResultOf<typeof MySubscribersQuery>
type SubscriberData = Data['mySubscribers'][number]

/** `/subscribers`: recurring revenue and churn, the past-due periods, and each subscription with every period. */
export function SubscribersPage() {
  const t = useStore(subscribersPageText)
  const nav = useStore(subscriptionsNavText)
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const data = useQuery({ queryKey: SUBSCRIBERS_KEY, queryFn: () => query(MySubscribersQuery) })
  return (
    <section aria-labelledby="subscribers-title" className="stack">
      <BackToRequests />
      <h1 id="subscribers-title" ref={heading}>
        {t.title}
      </h1>
      <p className="hint">{t.intro}</p>
      <p>
        <Link href="/plans" className="button">
          {nav.plans}
        </Link>
      </p>
      <ErrorNotice error={data.error} />
      {data.data && <Figures data={data.data} />}
      {data.data && <PastDue subscribers={data.data.mySubscribers} />}
      {data.data?.mySubscribers.length === 0 && <p className="card">{t.none}</p>}
      {data.data?.mySubscribers.map((s) => (
        <SubscriberCard key={s.id} subscriber={s} />
      ))}
    </section>
  )
}

function Figures({ data }: { data: Data }) {
  const t = useStore(subscribersPageText)
  const format = useFormat()
  const f = data.mySubscriberFigures
  const tokens = f.monthlyByAsset.map((m) => format.asset(m.amountDecimal, m.symbol)).join(', ')
  const percent =
    f.churnBasisPoints === null
      ? null
      : new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 1 }).format(
          f.churnBasisPoints / 10_000,
        )
  return (
    <dl className="card stack" data-testid="subscriber-figures">
      <div>
        <dt>{t.monthly}</dt>
        <dd data-testid="subscriber-mrr">
          {f.currency && f.monthlyDecimal !== null
            ? fillText(t.monthlyValue, { amount: format.asset(f.monthlyDecimal, f.currency) })
            : t.noCurrency}
          {f.currency && f.unvalued > 0 && <span className="hint"> {fillText(t.unvalued, { count: f.unvalued })}</span>}
          {tokens && <span className="hint"> {fillText(t.byToken, { amounts: tokens })}</span>}
        </dd>
      </div>
      <div>
        <dt>{t.paying}</dt>
        <dd data-testid="subscriber-paying">{f.paying}</dd>
      </div>
      <div>
        <dt>{t.churn}</dt>
        <dd data-testid="subscriber-churn">
          {percent === null ? t.churnNone : fillText(t.churnValue, { percent, cancelled: f.cancelledLately })}
        </dd>
      </div>
    </dl>
  )
}

function PastDue({ subscribers }: { subscribers: readonly SubscriberData[] }) {
  const t = useStore(subscribersPageText)
  const words = useStore(subscriptionWordsText)
  const format = useFormat()
  const late = subscribers.flatMap((s) =>
    s.charges.filter((c) => c.state === 'past_due' || c.state === 'given_up').map((c) => ({ s, c })),
  )
  return (
    <section className="card stack" aria-labelledby="past-due-title" data-testid="past-due">
      <h2 id="past-due-title">{t.pastDue}</h2>
      {late.length === 0 ? (
        <p>{t.pastDueNone}</p>
      ) : (
        <ul>
          {late.map(({ s, c }) => (
            <li key={c.requestId}>
              <Link href={`/requests/${c.requestId}`}>
                {s.planName} · {shortAddress(s.payer as `0x${string}`)} · {c.period}
              </Link>{' '}
              · {format.asset(c.amountDecimal, s.symbol)} · {wordOf(words, c.state)}
              {c.reasonCode && ' · '}
              <ChargeReason charge={c} symbol={s.symbol} cap={s.periodCapDecimal} diagnostic />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function SubscriberCard({ subscriber: s }: { subscriber: SubscriberData }) {
  const t = useStore(subscribersPageText)
  const words = useStore(subscriptionWordsText)
  const format = useFormat()
  const client = useQueryClient()
  const change = useMutation({
    mutationFn: (kind: 'cancel' | 'pause' | 'resume') => mutate(ChangeSubscriberMutation, { id: s.id, change: kind }),
    onSuccess: () => client.invalidateQueries({ queryKey: SUBSCRIBERS_KEY }),
  })
  const payer = shortAddress(s.payer as `0x${string}`)
  const running = s.state === 'active' || s.state === 'past_due' || s.state === 'paused'
  return (
    <article className="card stack" aria-label={fillText(t.cardLabel, { payer })} data-testid="subscriber">
      <h2>
        <span className="mono">{payer}</span> · {s.planName}
      </h2>
      <p>
        {format.asset(s.periodCapDecimal, s.symbol)} / {wordOf(words, s.interval)} ·{' '}
        <strong data-testid="subscriber-state">{wordOf(words, s.state)}</strong>
        {s.nextChargeAt && ` · ${t.next}: ${format.dateTime(s.nextChargeAt)}`}
      </p>
      {s.charges.length > 0 && (
        <ScrollTable>
          <table className="requests">
            <thead>
              <tr>
                <th scope="col">{t.period}</th>
                <th scope="col">{t.starts}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.state}</th>
              </tr>
            </thead>
            <tbody>
              {s.charges.map((c) => (
                <tr key={c.period}>
                  <td data-label={t.period}>
                    <Link href={`/requests/${c.requestId}`}>{c.period}</Link>
                  </td>
                  <td data-label={t.starts}>{format.dateTime(c.periodStart)}</td>
                  <td data-label={t.amount}>{format.asset(c.amountDecimal, s.symbol)}</td>
                  <td data-label={t.state} data-testid="charge-state">
                    {wordOf(words, c.state)}
                    {c.reasonCode && ' · '}
                    <ChargeReason charge={c} symbol={s.symbol} cap={s.periodCapDecimal} diagnostic />
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
          {s.state === 'paused' ? (
            <button
              type="button"
              className="button"
              onClick={() => change.mutate('resume')}
              disabled={change.isPending}
            >
              {t.resume}
            </button>
          ) : (
            <button type="button" className="button" onClick={() => change.mutate('pause')} disabled={change.isPending}>
              {t.pause}
            </button>
          )}
          <button
            type="button"
            className="button danger"
            onClick={() => change.mutate('cancel')}
            disabled={change.isPending}
          >
            {t.cancel}
          </button>
        </div>
      )}
    </article>
  )
}
