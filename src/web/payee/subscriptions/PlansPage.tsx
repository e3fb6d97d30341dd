import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import { plural } from '../../../i18n/plural.ts'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { query } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { planAmount } from '../../pay/subscriptions/planAmount.ts'
import { subscriptionWordsText, wordOf } from '../../pay/subscriptions/subscriptionText.ts'
import { BackToRequests } from '../BackToRequests.tsx'
import { formatDay } from '../formatDay.ts'
import { NewPlanForm } from './NewPlanForm.tsx'
import { PlanChangeForm } from './PlanChangeForm.tsx'
import { MyPlansQuery, PLANS_KEY } from './planOperations.ts'
import { plansPageText, subscriptionsNavText } from './subscriptionsText.ts'

type PlanData = ResultOf<typeof MyPlansQuery>['myPlans'][number]

/** `/plans`: the payee's plans, each with the link payers start it from, and a new one. */
export function PlansPage() {
  const t = useStore(plansPageText)
  const nav = useStore(subscriptionsNavText)
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const plans = useQuery({ queryKey: PLANS_KEY, queryFn: async () => (await query(MyPlansQuery)).myPlans })
  return (
    <section aria-labelledby="plans-title" className="stack">
      <BackToRequests />
      <h1 id="plans-title" ref={heading}>
        {t.title}
      </h1>
      <p className="hint">{t.intro}</p>
      <p className="hint">{t.relayerNeeded}</p>
      <p>
        <Link href="/subscribers" className="button">
          {nav.subscribers}
        </Link>
      </p>
      <ErrorNotice error={plans.error} />
      {plans.data?.length === 0 && <p className="card">{t.none}</p>}
      {plans.data?.map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
      <NewPlanForm />
    </section>
  )
}

function PlanCard({ plan }: { plan: PlanData }) {
  const t = useStore(plansPageText)
  const words = useStore(subscriptionWordsText)
  const format = useFormat()
  const link = new URL(`/plans/${plan.id}`, window.location.origin).href
  const terms = [
    plan.trialDays > 0 ? fillText(t.trial, { days: plan.trialDays }) : null,
    plan.count
      ? fillText(plural(format.locale, plan.count, { one: t.periodsOne, other: t.periodsOther }), { count: plan.count })
      : null,
    plan.endsOn ? fillText(t.endsOn, { date: formatDay(plan.endsOn, format.locale) }) : null,
    !plan.count && !plan.endsOn ? t.untilCancelled : null,
  ].filter(Boolean)
  return (
    <article className="card stack" aria-label={fillText(t.cardLabel, { name: plan.name })} data-testid="plan">
      <h2>{plan.name}</h2>
      <p>
        {fillText(t.each, {
          amount: planAmount(plan, format),
          period: wordOf(words, plan.interval),
        })}
        {terms.length > 0 && ` · ${terms.join(' · ')}`}
      </p>
      <p className="hint">{t.linkFor}</p>
      <p className="cluster">
        <span className="mono break" data-testid="plan-link">
          {link}
        </span>
        <CopyButton value={link} label={t.copyLink} />
      </p>
      <PlanChangeForm plan={plan} />
    </article>
  )
}
