import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useLocation } from 'wouter'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { mutate } from '../../graphql/apiClient.ts'
import { locale } from '../../i18n/i18n.ts'
import { PayPlanByHandMutation } from './subscriptionOperations.ts'
import { planLinkText } from './subscriptionText.ts'

/**
 * Paying each period by hand, beside the permissions (or alone when the wallet grants none): the
 * payer's schedule of the plan, opened on its link. A plan in a token only: a priced plan's period
 * is quoted at its charge, which a schedule does not do.
 */
export function PayByHandOffer({
  plan,
  payer,
  email,
  busy,
}: {
  plan: { id: string; currency?: string | null }
  payer: Address
  email: string
  busy: boolean
}) {
  const t = useStore(planLinkText)
  const code = useStore(locale)
  const [, navigate] = useLocation()
  const byHand = useMutation({
    mutationFn: async () =>
      (
        await mutate(PayPlanByHandMutation, {
          planId: plan.id,
          payer,
          payerEmail: email.trim() || null,
          payerLanguage: code,
        })
      ).payPlanByHand,
    onSuccess: (scheduleId) => navigate(`/s/${scheduleId}`),
  })
  if (plan.currency) return null
  return (
    <div className="stack" data-testid="offer-by-hand">
      <p className="hint">{t.byHand}</p>
      <button
        type="button"
        className="button"
        disabled={busy || byHand.isPending || byHand.isSuccess}
        onClick={() => byHand.mutate()}
      >
        {t.byHandButton}
      </button>
      <ErrorNotice error={byHand.error} />
    </div>
  )
}
