import { useStore } from '@nanostores/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { paymentTransaction } from '../../domain/paymentTransaction.ts'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { MoneyField, useMoneyReading } from '../components/MoneyField.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { fieldErrorOf, mutate, query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { linkText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { PayeeName, TestNetworkBadge } from '../requests/RequestSummary.tsx'
import { rememberSent } from './sentPayments.ts'
import { SwitchChainButton } from './SwitchChainButton.tsx'

const PaymentLinkQuery = graphql(`
  query PaymentLink($id: String!) {
    paymentLink(id: $id) {
      id
      title
      payee
      chainId
      asset
      symbol
      amount
      minAmount
      maxAmount
      memo
      currency
      payeeProfile {
        displayName
        website
      }
    }
  }
`)
const PayWithLinkMutation = graphql(`
  mutation PayWithLink($id: String!, $amount: String) {
    payWithLink(id: $id, amount: $amount) {
      id
      chainId
      asset
      payee
      amount
      reference
    }
  }
`)

/**
 * A payee's reusable link: the terms (or the range to choose in) and *Pay*. A visit makes nothing; the
 * link's request is made when the payer commits: *Pay* makes it and sends it from the wallet at once,
 * and the other way (no wallet here, paying without gas, a priced link's choice of token) makes it on
 * the way to its pay page.
 */
export function PaymentLinkPage({ id }: { id: string }) {
  const t = useStore(linkText)
  const common = useStore(commonText)
  const format = useFormat()
  const core = useWalletCore()
  const { chains } = core
  const connection = useConnection()
  const [, navigate] = useLocation()
  const link = useQuery({
    queryKey: ['payment-link', id],
    queryFn: async () => (await query(PaymentLinkQuery, { id })).paymentLink,
    retry: false,
  })
  const [amount, setAmount] = useState('')
  const [tried, setTried] = useState(false)
  // Typed the payer's way ("12,50", "1.000,50" in German), sent as a plain decimal.
  const chosen = useMoneyReading(amount, { symbol: link.data?.symbol ?? '', decimals: undefined, required: true })
  const go = useMutation({
    mutationFn: async (send: boolean) => {
      const request = (await mutate(PayWithLinkMutation, { id, amount: link.data?.amount ? null : chosen.decimal }))
        .payWithLink
      // Refused in the wallet, the request stays made: its pay page offers Pay again.
      if (send)
        await core.connection
          .sendTransaction({ ...paymentTransaction(request, BigInt(request.amount)), chainId: request.chainId })
          .then((hash) => rememberSent(request.id, hash))
          .catch(() => undefined)
      return request
    },
    // The link's address stays out of the history: Back leaves, it does not make another request.
    onSuccess: (request) => navigate(`/pay/${request.id}`, { replace: true }),
  })
  useDocumentTitle(link.data?.title)
  if (link.isPending) return <p role="status">{t.loading}</p>
  if (link.error) return <ErrorNotice error={link.error} />
  const l = link.data
  const chain = chains.find((c) => c.id === l.chainId)
  const chosenError = (tried ? chosen.error : undefined) ?? fieldErrorOf(go.error, 'amount')
  // A priced link's payer first chooses the token on the request's page; there is nothing to send yet.
  const address = connection.status === 'connected' && !l.currency ? connection.address : undefined
  const onChain = connection.status === 'connected' && connection.chainId === l.chainId
  const chainName = chain?.name ?? fillText(common.chainFallback, { id: l.chainId })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!l.amount && chosen.error) return
    go.mutate(Boolean(address && onChain))
  }
  const busy = go.isPending || go.isSuccess
  return (
    <section className="card" aria-labelledby="link-title">
      <h1 id="link-title" dir="auto">
        {l.title}
      </h1>
      <p>
        {l.payeeProfile && <PayeeName profile={l.payeeProfile} />} <span className="mono small break">{l.payee}</span>
      </p>
      {l.memo && (
        <p className="memo" dir="auto">
          {l.memo}
        </p>
      )}
      <p className="hint">
        {fillText(t.network, { chain: chainName })}
        {chain?.testnet && <TestNetworkBadge />}
      </p>
      <form className="form" onSubmit={submit} noValidate>
        {l.amount ? (
          <p className="amount" data-testid="link-amount">
            {format.amount(l.amount, l.symbol)} {l.symbol}
          </p>
        ) : (
          <MoneyField
            id="link-amount"
            label={fillText(t.chooseAmount, {
              symbol: l.symbol,
              min: format.amount(l.minAmount!, l.symbol),
              max: format.amount(l.maxAmount!, l.symbol),
            })}
            typed={amount}
            reading={chosen}
            symbol={l.symbol}
            error={chosenError}
            onChange={(typed) => {
              setAmount(typed)
              go.reset()
            }}
            onBlur={() => amount.trim() && setTried(true)}
          />
        )}
        <p className="hint">
          {fill(address ? t.explainPay : t.explain, {
            payee: l.payeeProfile?.displayName ?? <span className="mono">{l.payee}</span>,
          })}
        </p>
        {address && !onChain ? (
          <SwitchChainButton chainId={l.chainId} chainName={chainName} />
        ) : address ? (
          <button type="submit" className="button primary large" disabled={busy} data-testid="link-pay">
            {busy
              ? t.confirmInWallet
              : l.amount
                ? fillText(t.pay, { amount: format.amount(l.amount, l.symbol), symbol: l.symbol })
                : t.payChosen}
          </button>
        ) : (
          !l.currency && <ConnectButton />
        )}
        <button
          type="button"
          className={address || !l.currency ? 'button link' : 'button primary large'}
          onClick={() => go.mutate(false)}
          disabled={busy}
        >
          {busy && !address ? t.preparing : address || !l.currency ? t.otherWays : t.go}
        </button>
        {go.error && !chosenError ? <ErrorNotice error={go.error} /> : null}
      </form>
    </section>
  )
}
