import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import type { ExecutionPermissionRequest } from '../../../domain/periodicPermission/executionPermission.ts'
import { requestPeriodicPermission } from '../../../wallet/periodicPermissions.ts'
import { approvePermit2IfShort, signPermit, type SubscriptionMechanism } from '../../../wallet/subscriptionOffers.ts'
import { ConnectButton } from '../../components/ConnectButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, isFieldError, mutate } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { fillText } from '../../i18n/fill.tsx'
import { locale } from '../../i18n/i18n.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { SwitchChainButton } from '../SwitchChainButton.tsx'
import { planAmount } from './planAmount.ts'
import { PlanQuery, StartSubscriptionMutation } from './subscriptionOperations.ts'
import { PayByHandOffer } from './PayByHandOffer.tsx'
import { planLinkText, subscriptionWordsText, wordOf } from './subscriptionText.ts'
import { useSubscriptionOffers } from './useSubscriptionOffers.ts'

type Plan = NonNullable<ResultOf<typeof PlanQuery>['subscriptionPlan']>

export type TermWords = { amount: string; period: string; payee: string; date: string }

/**
 * What the payer's wallet can start the plan with, safest first, each with what the chain enforces
 * (Permit2's total cap said plainly before signing), and paying each period by hand beside them.
 */
export function Subscribe({
  plan,
  startTime,
  request,
  words: terms,
}: {
  plan: Plan
  startTime: number
  request: ExecutionPermissionRequest
  words: TermWords
}) {
  const t = useStore(planLinkText)
  const words = useStore(subscriptionWordsText)
  const code = useStore(locale)
  const format = useFormat()
  const core = useWalletCore()
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const { connected, account, provider, client, offers, permit2, total } = useSubscriptionOffers(plan, startTime)
  const start = useMutation({
    mutationFn: async (mechanism: SubscriptionMechanism) => {
      let permission: string
      if (mechanism === 'erc7715') {
        permission = JSON.stringify([await requestPeriodicPermission(provider!, { ...request, from: account! })])
      } else {
        const { typedData, total } = permit2.data!
        await approvePermit2IfShort(provider!, client!, {
          token: typedData.message.details.token,
          owner: account!,
          total: BigInt(total),
        })
        const signature = await signPermit(provider!, account!, typedData)
        permission = JSON.stringify({ mechanism: 'permit2', owner: account, permit: typedData.message, signature })
      }
      return (
        await mutate(StartSubscriptionMutation, {
          planId: plan.id,
          permission,
          startTime,
          payerEmail: email.trim() || null,
          payerLanguage: code,
        })
      ).startSubscription
    },
    onSuccess: (started) => navigate(`/subscriptions/${started.id}`),
  })
  if (!connected)
    return (
      <div className="pay-connect">
        <p>{t.connectPrompt}</p>
        <ConnectButton />
      </div>
    )
  if (connected.chainId !== plan.chainId) {
    const chainName = core.chains.find((c) => c.id === plan.chainId)?.name ?? String(plan.chainId)
    return (
      <div>
        <p>{fillText(t.wrongNetwork, { chain: chainName })}</p>
        <SwitchChainButton chainId={plan.chainId} chainName={chainName} />
      </div>
    )
  }
  if (!offers.data) return <p role="status">{t.checking}</p>
  const emailField = (
    <Field id="subscribe-email" label={t.email} hint={t.emailHint} error={fieldErrorOf(start.error, 'payerEmail')}>
      <input id="subscribe-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
    </Field>
  )
  if (offers.data.mechanisms.length === 0)
    return (
      <div className="stack">
        <p className="notice" role="status" data-testid="permission-unsupported">
          {t.unsupported}
        </p>
        {!plan.currency && emailField}
        <PayByHandOffer plan={plan} payer={account!} email={email} busy={start.isPending} />
      </div>
    )
  const submit = (event: FormEvent) => event.preventDefault()
  return (
    <form className="form" onSubmit={submit} noValidate>
      {emailField}
      <p>{t.offers}</p>
      <ol className="stack" data-testid="subscription-offers">
        {offers.data.mechanisms.map((mechanism) => (
          <li key={mechanism} className="stack" data-testid={`offer-${mechanism}`}>
            {mechanism === 'erc7715' ? (
              <p>{fillText(t.erc7715, terms)}</p>
            ) : (
              total && (
                <>
                  <p>{fillText(t.permit2, { ...terms, total })}</p>
                  <p className="notice" data-testid="permit2-total-cap">
                    {fillText(t.permit2Total, { ...terms, total })}
                  </p>
                </>
              )
            )}
            <button
              type="button"
              className="button primary large"
              disabled={start.isPending || start.isSuccess || (mechanism === 'permit2' && !total)}
              onClick={() => start.mutate(mechanism)}
            >
              {start.isPending && start.variables === mechanism
                ? t.confirming
                : start.isSuccess
                  ? t.started
                  : mechanism === 'erc7715'
                    ? fillText(t.subscribe, {
                        amount: planAmount(plan, format),
                        period: wordOf(words, plan.interval),
                      })
                    : fillText(t.subscribePermit2, { total: total ?? '' })}
            </button>
          </li>
        ))}
      </ol>
      <PayByHandOffer plan={plan} payer={account!} email={email} busy={start.isPending} />
      <ErrorNotice error={permit2.error} />
      {isFieldError(start.error, ['payerEmail']) ? null : <ErrorNotice error={start.error} />}
    </form>
  )
}
