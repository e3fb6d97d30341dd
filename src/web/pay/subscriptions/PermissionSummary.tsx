import { useStore } from '@nanostores/react'
import { fillText } from '../../i18n/fill.tsx'
import type { ResultOf } from '../../graphql/graphql.ts'
import type { PlanQuery } from './subscriptionOperations.ts'
import type { TermWords } from './SubscribeOffers.tsx'
import { planLinkText } from './subscriptionText.ts'
import { useSubscriptionOffers } from './useSubscriptionOffers.ts'

type Plan = NonNullable<ResultOf<typeof PlanQuery>['subscriptionPlan']>

/**
 * What the payer's wallet will be asked for, said from the offers listed below it: a periodic
 * permission caps each period, a Permit2 allowance only the total. Nothing until the offers are
 * known, and nothing when the wallet can grant neither (the offers then say so).
 */
export function PermissionSummary({ plan, startTime, terms }: { plan: Plan; startTime: number; terms: TermWords }) {
  const t = useStore(planLinkText)
  const { offers, total } = useSubscriptionOffers(plan, startTime)
  const mechanisms = offers.data?.mechanisms ?? []
  const periodic = mechanisms.includes('erc7715')
  const permit2 = mechanisms.includes('permit2')
  if (permit2 && !total) return null
  const words = { ...terms, total: total ?? '' }
  const text =
    periodic && permit2 ? t.permissionEither : periodic ? t.permission : permit2 ? t.permissionPermit2 : undefined
  if (!text) return null
  return <p data-testid="plan-permission">{fillText(text, words)}</p>
}
