import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { getBlock } from 'viem/actions'
import type { ExecutionPermissionRequest } from '../../../domain/periodicPermission/executionPermission.ts'
import { formatAmount } from '../../../domain/amount.ts'
import { plural } from '../../../i18n/plural.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { shortAddress } from '../../components/shortAddress.ts'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { query } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { formatDay } from '../../payee/formatDay.ts'
import { publicClientFor } from '../../publicClients.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { planAmount } from './planAmount.ts'
import { PermissionRequestQuery, PlanQuery } from './subscriptionOperations.ts'
import { planLinkText, subscriptionWordsText, wordOf } from './subscriptionText.ts'
import { PermissionSummary } from './PermissionSummary.tsx'
import { Subscribe } from './SubscribeOffers.tsx'

type Plan = NonNullable<ResultOf<typeof PlanQuery>['subscriptionPlan']>
const DAY_SECONDS = 86_400

/**
 * A plan's link (`/plans/<id>`): what it charges, how often, and the permission the payer's wallet is
 * asked for once; a wallet that cannot grant one is told so. The first period starts at the chain's
 * own time (the permission's clock), after the trial.
 */
export function PlanLinkPage({ id }: { id: string }) {
  const t = useStore(planLinkText)
  useDocumentTitle(t.title)
  const plan = useQuery({
    queryKey: ['plan-link', id],
    queryFn: async () => (await query(PlanQuery, { id })).subscriptionPlan,
    retry: false,
  })
  if (plan.error) return <ErrorNotice error={plan.error} />
  if (!plan.data) return <p role="status">{t.loading}</p>
  return <PlanTerms plan={plan.data} />
}

function PlanTerms({ plan }: { plan: Plan }) {
  const t = useStore(planLinkText)
  const words = useStore(subscriptionWordsText)
  const format = useFormat()
  const core = useWalletCore()
  const amount = planAmount(plan, format)
  const period = wordOf(words, plan.interval)
  // The chain's clock, read once: the permission's periods are counted from it.
  const start = useQuery({
    queryKey: ['plan-start', plan.id],
    queryFn: async () => {
      const client = publicClientFor(core.chains, plan.chainId)!
      const { timestamp } = await getBlock(client)
      const startTime = Number(timestamp) + plan.trialDays * DAY_SECONDS
      const json = (await query(PermissionRequestQuery, { planId: plan.id, startTime })).subscriptionPermissionRequest
      return { startTime, request: JSON.parse(json) as ExecutionPermissionRequest }
    },
    staleTime: Infinity,
    retry: false,
  })
  const rules = start.data?.request.rules ?? []
  // What the wallet is asked for: a priced plan's cap is its price at today's rate plus its tolerance.
  const cap = start.data
    ? format.asset(formatAmount(BigInt(start.data.request.permission.data.periodAmount), plan.decimals), plan.symbol)
    : amount
  const payee = rules.find((r) => r.type === 'payee')
  const expiry = rules.find((r) => r.type === 'expiry')
  const terms = {
    amount: cap,
    period,
    payee: payee?.type === 'payee' ? shortAddress(payee.data.addresses[0]!) : '',
    date: expiry?.type === 'expiry' ? format.dateTime(new Date(expiry.data.timestamp * 1000).toISOString()) : '',
  }
  return (
    <section className="card stack" aria-labelledby="plan-title" data-testid="plan-link-page">
      <h1 id="plan-title">{plan.name}</h1>
      <p className="amount" data-testid="plan-amount">
        {fillText(t.each, { amount, period })}
      </p>
      {start.data && (
        <p>
          {plan.trialDays > 0
            ? fillText(t.trial, {
                days: plan.trialDays,
                date: format.dateTime(new Date(start.data.startTime * 1000).toISOString()),
              })
            : t.firstNow}{' '}
          {plan.count
            ? fillText(plural(format.locale, plan.count, { one: t.periodsOne, other: t.periodsOther }), {
                count: plan.count,
              })
            : plan.endsOn
              ? fillText(t.endsOn, { date: formatDay(plan.endsOn, format.locale) })
              : t.untilCancelled}
        </p>
      )}
      <ErrorNotice error={start.error} />
      {start.data && (
        <>
          <PermissionSummary plan={plan} startTime={start.data.startTime} terms={terms} />
          <Subscribe plan={plan} startTime={start.data.startTime} request={start.data.request} words={terms} />
        </>
      )}
    </section>
  )
}
