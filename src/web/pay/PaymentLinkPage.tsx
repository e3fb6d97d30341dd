import { useStore } from '@nanostores/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { MoneyField, useMoneyReading } from '../components/MoneyField.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { fieldErrorOf, mutate, query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { linkText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { PayeeName, TestNetworkBadge } from '../requests/RequestSummary.tsx'

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
    }
  }
`)

/** A payee's reusable link: the terms (or the range to choose in), then a fresh request to pay on the pay page. */
export function PaymentLinkPage({ id }: { id: string }) {
  const t = useStore(linkText)
  const common = useStore(commonText)
  const format = useFormat()
  const { chains } = useWalletCore()
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
    mutationFn: async () =>
      (await mutate(PayWithLinkMutation, { id, amount: link.data?.amount ? null : chosen.decimal })).payWithLink,
    // The link's address stays out of the history: Back leaves, it does not make another request.
    onSuccess: (request) => navigate(`/pay/${request.id}`, { replace: true }),
  })
  // A fixed amount needs no choice: the visit makes the request and goes straight to paying it.
  const fixed = Boolean(link.data?.amount)
  const started = useRef(false)
  const { mutate: start } = go
  useEffect(() => {
    if (!fixed || started.current) return
    started.current = true
    start()
  }, [fixed, start])
  useDocumentTitle(link.data?.title)
  if (link.isPending) return <p role="status">{t.loading}</p>
  if (link.error) return <ErrorNotice error={link.error} />
  const l = link.data
  const chain = chains.find((c) => c.id === l.chainId)
  const chosenError = (tried ? chosen.error : undefined) ?? fieldErrorOf(go.error, 'amount')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!l.amount && chosen.error) return
    go.mutate()
  }
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
        {fillText(t.network, { chain: chain?.name ?? fillText(common.chainFallback, { id: l.chainId }) })}
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
          {fill(t.explain, { payee: l.payeeProfile?.displayName ?? <span className="mono">{l.payee}</span> })}
        </p>
        <button type="submit" className="button primary large" disabled={go.isPending || go.isSuccess}>
          {go.isPending || go.isSuccess ? t.preparing : t.go}
        </button>
        {go.error && !chosenError ? <ErrorNotice error={go.error} /> : null}
      </form>
    </section>
  )
}
