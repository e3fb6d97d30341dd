import { useStore } from '@nanostores/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import { Link } from 'wouter'
import { sameAddress } from '../../../domain/sameAddress.ts'
import { revokePeriodicPermission } from '../../../wallet/periodicPermissions.ts'
import { revokePermit2 } from '../../../wallet/subscriptionOffers.ts'
import { ConnectButton } from '../../components/ConnectButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { ScrollTable } from '../../components/ScrollTable.tsx'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { shortAddress } from '../../components/shortAddress.ts'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { mutate, query } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { publicClientFor } from '../../publicClients.ts'
import { useConnection, useWalletCore } from '../../wallet/WalletProvider.tsx'
import { CancelSubscriptionMutation, SubscriptionQuery } from './subscriptionOperations.ts'
import { ABOVE_CAP, ChargeReason } from './ChargeReason.tsx'
import { chargeReasonsText, subscriptionPageText, subscriptionWordsText, wordOf } from './subscriptionText.ts'

type SubscriptionData = ResultOf<typeof SubscriptionQuery>['planSubscription']

/** Charges land without the payer: the page looks again now and then, so a new one shows. */
const REFRESH_MS = 5_000
const RUNNING = ['active', 'past_due', 'paused']

/**
 * A subscription's own page (`/subscriptions/<id>`), its payer's: what, how much, the next charge,
 * each charge with its transaction and receipt, a past-due period to pay by hand, and Cancel.
 */
export function SubscriptionPage({ id }: { id: string }) {
  const t = useStore(subscriptionPageText)
  useDocumentTitle(t.title)
  const subscription = useQuery({
    queryKey: ['payer-subscription', id],
    queryFn: async () => (await query(SubscriptionQuery, { id })).planSubscription,
    refetchInterval: (q) => (q.state.data && RUNNING.includes(q.state.data.state) ? REFRESH_MS : false),
    retry: false,
  })
  if (subscription.error) return <ErrorNotice error={subscription.error} />
  if (!subscription.data) return <p role="status">{t.loading}</p>
  return <SubscriptionView subscription={subscription.data} refresh={() => subscription.refetch()} />
}

function SubscriptionView({ subscription: s, refresh }: { subscription: SubscriptionData; refresh: () => unknown }) {
  const t = useStore(subscriptionPageText)
  const words = useStore(subscriptionWordsText)
  const format = useFormat()
  const core = useWalletCore()
  const chain = core.chains.find((c) => c.id === s.chainId)
  const amount = format.asset(s.periodCapDecimal, s.symbol)
  const pastDue = s.charges.filter((c) => c.state === 'past_due')
  return (
    <section className="card stack" aria-labelledby="subscription-title" data-testid="subscription-page">
      <h1 id="subscription-title">{s.planName}</h1>
      <p className="amount">{fillText(t.each, { amount, period: wordOf(words, s.interval) })}</p>
      <dl className="stack">
        <div>
          <dt>{t.state}</dt>
          <dd data-testid="subscription-state" data-state={s.state}>
            {wordOf(words, s.state)}
          </dd>
        </div>
        {s.nextChargeAt && (
          <div>
            <dt>{t.next}</dt>
            <dd data-testid="subscription-next">{format.dateTime(s.nextChargeAt)}</dd>
          </div>
        )}
        <div>
          <dt>{t.payee}</dt>
          <dd className="mono break">{s.payee}</dd>
        </div>
      </dl>
      <p className="hint">{t.keepLink}</p>
      {pastDue.map((c) => (
        <div className="notice" role="status" key={c.period} data-testid="subscription-past-due">
          <p>{fillText(t.pastDue, { date: c.nextTryAt ? format.dateTime(c.nextTryAt) : '' })}</p>
          <p>
            <ChargeReason charge={c} symbol={s.symbol} cap={s.periodCapDecimal} />
          </p>
          {ABOVE_CAP.includes(c.reasonCode ?? '') && <GrantAgain subscription={s} />}
          <Link href={`/pay/${c.payRequestId}`} className="button primary">
            {fillText(t.payByHand, { period: c.period })}
          </Link>
        </div>
      ))}
      <h2>{t.charges}</h2>
      {s.charges.length === 0 ? (
        <p>{t.noCharges}</p>
      ) : (
        <ScrollTable>
          <table className="requests">
            <thead>
              <tr>
                <th scope="col">{t.period}</th>
                <th scope="col">{t.starts}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.transaction}</th>
                <th scope="col">{t.receipt}</th>
              </tr>
            </thead>
            <tbody>
              {s.charges.map((c) => (
                <tr key={c.period} data-testid="subscription-charge">
                  <td data-label={t.period}>{c.period}</td>
                  <td data-label={t.starts}>{format.dateTime(c.periodStart)}</td>
                  <td data-label={t.amount}>{format.asset(c.amountDecimal, s.symbol)}</td>
                  <td data-label={t.state} data-testid="charge-state" data-state={c.state}>
                    {wordOf(words, c.state)}
                  </td>
                  <td data-label={t.transaction}>{c.txHash && <TransactionLink chain={chain} hash={c.txHash} />}</td>
                  <td data-label={t.receipt}>
                    {c.state === 'paid' && (
                      <Link href={`/receipts/${c.requestId}`}>{fillText(t.seeReceipt, { period: c.period })}</Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {RUNNING.includes(s.state) ? (
        <CancelSubscription subscription={s} done={refresh} />
      ) : s.state === 'cancelled_by_payer' ? (
        <p role="status" data-testid="subscription-cancelled">
          {t.cancelled}
        </p>
      ) : null}
    </section>
  )
}

/** A period above the permission's cap: paid by hand, or the plan started again with a permission for its new amount. */
function GrantAgain({ subscription: s }: { subscription: SubscriptionData }) {
  const reasons = useStore(chargeReasonsText)
  const format = useFormat()
  return (
    <p data-testid="grant-again">
      {fillText(reasons.grantAgain, { cap: format.asset(s.periodCapDecimal, s.symbol) })}{' '}
      <Link href={`/plans/${s.planId}`}>{reasons.planLink}</Link>
    </p>
  )
}

/** Cancel: the payer's wallet revokes the permission on chain, then Billfold is told (it checks the chain). */
function CancelSubscription({ subscription: s, done }: { subscription: SubscriptionData; done: () => unknown }) {
  const t = useStore(subscriptionPageText)
  const core = useWalletCore()
  const connection = useConnection()
  const connected = connection.status === 'connected' ? connection : undefined
  const cancel = useMutation({
    mutationFn: async () => {
      const client = publicClientFor(core.chains, s.chainId)!
      if (s.mechanism === 'permit2') {
        await revokePermit2(connected!.wallet.provider, client, {
          owner: connected!.address,
          token: s.asset as Address,
          spender: s.spender as Address,
          nonce: s.permit2Nonce!,
        })
        return mutate(CancelSubscriptionMutation, { id: s.id })
      }
      const revoked = await revokePeriodicPermission(connected!.wallet.provider, {
        context: s.permissionContext as Hex,
        account: connected!.address,
      })
      if (revoked.kind === 'transaction') await waitForTransactionReceipt(client, { hash: revoked.hash })
      return mutate(CancelSubscriptionMutation, { id: s.id })
    },
    onSuccess: done,
  })
  if (!connected)
    return (
      <div className="pay-connect">
        <p>{fillText(t.onlyPayer, { payer: shortAddress(s.payer as Address) })}</p>
        <ConnectButton />
      </div>
    )
  if (!sameAddress(connected.address, s.payer))
    return <p>{fillText(t.onlyPayer, { payer: shortAddress(s.payer as Address) })}</p>
  return (
    <div className="stack">
      <p className="hint">{t.cancelHint}</p>
      <button type="button" className="button danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? t.cancelling : t.cancel}
      </button>
      <ErrorNotice error={cancel.error} />
    </div>
  )
}
