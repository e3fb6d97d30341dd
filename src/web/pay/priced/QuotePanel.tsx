import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Address, Hex } from 'viem'
import { formatAmount } from '../../../domain/amount.ts'
import type { QuoteProblem } from '../../../domain/checkPriceQuote.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import { fillText } from '../../i18n/fill.tsx'
import { pricedText } from '../../i18n/payerMessages.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { publicClientFor } from '../../publicClients.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { useQuote } from './quoteOperations.ts'

type Quote = NonNullable<PaymentRequestData['quote']>

const problemKey = {
  signer: 'problemSigner',
  round: 'problemRound',
  amount: 'problemAmount',
  currency: 'problemCurrency',
} as const satisfies Record<QuoteProblem, string>

/** "14:32": minutes and seconds left, never below zero. */
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * A quote, above what the payer pays: the price, the rates in words with their age, and the time it
 * holds; under *Details*, the feeds and rounds. *Check the rate* reads the same rounds from the feeds
 * in this browser and computes the amount again, and checks the quote key's signature: nothing
 * taken on the server's word. Expired, it offers a fresh quote.
 */
export function QuotePanel({ request }: { request: PaymentRequestData }) {
  const quote = request.quote!
  const t = useStore(pricedText)
  const format = useFormat()
  const { chains } = useWalletCore()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const renew = useQuote(quote.pricedRequestId)
  const check = useMutation({
    mutationFn: async () => {
      const client = publicClientFor(chains, request.chainId)
      if (!client || !request.issuer) return { ok: false as const, problem: 'signer' as const }
      // The proof's check (feed reads, signature recovery) is fetched when asked for, not with Pay.
      const { checkPriceQuote } = await import('../../../domain/checkPriceQuote.ts')
      return checkPriceQuote(client, {
        terms: termsOf(request.chainId, quote),
        signature: quote.signature as Hex,
        delegate: request.issuer.delegate as Address,
        tokenDecimals: quote.decimals,
      })
    },
  })
  const currency = { code: quote.currency, minorDigits: quote.currencyDecimals }
  const left = new Date(quote.expiresAt).getTime() - now
  const rates = [
    {
      base: quote.symbol,
      answer: quote.tokenAnswer,
      decimals: quote.tokenFeedDecimals,
      round: quote.tokenRound,
      at: quote.tokenUpdatedAt,
    },
    ...(quote.currencyFeed
      ? [
          {
            base: quote.currency,
            answer: quote.currencyAnswer!,
            decimals: quote.currencyFeedDecimals!,
            round: quote.currencyRound!,
            at: quote.currencyUpdatedAt!,
          },
        ]
      : []),
  ]
  const paying = request.status === 'open' || request.status === 'partially_paid'
  // While paying, the way back waits with the proof; once paid, it leads to the price's own page.
  const back = <a href={`/pay/${quote.pricedRequestId}`}>{t.backToPrice}</a>
  return (
    <div className="quote" data-testid="quote">
      <p data-testid="quote-line">{fillText(t.quoteLine, { price: format.money(quote.price, currency) })}</p>
      <p className="small">
        {rates.map((rate, index) => (
          <span key={rate.base}>
            {index > 0 && <br />}
            <span data-testid="quote-rate">
              {fillText(t.rateLine, {
                base: rate.base,
                rate: format.amount(formatAmount(BigInt(rate.answer), rate.decimals)),
                age: format.timeLeft(rate.at, now),
              })}
            </span>
          </span>
        ))}
      </p>
      {paying &&
        (left > 0 ? (
          <p role="timer" aria-live="off" data-testid="quote-countdown">
            {fillText(t.heldFor, { time: clock(left) })}
          </p>
        ) : (
          <div className="notice" role="status" data-testid="quote-expired">
            <p>{t.expired}</p>
            <button
              type="button"
              className="button"
              disabled={renew.isPending}
              onClick={() => renew.mutate(quote.asset)}
            >
              {t.newQuote}
            </button>
          </div>
        ))}
      {/* The proof is for who wants it: the feeds and rounds, and the check against them, folded. */}
      <details className="disclosure" data-testid="quote-details">
        <summary>{t.details}</summary>
        <ul className="stack small">
          {rates.map((rate) => (
            <li key={rate.base} data-testid="quote-proof">
              {fillText(t.proofLine, { base: rate.base, round: rate.round })}
            </li>
          ))}
        </ul>
        <div className="actions">
          <button type="button" className="button" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? t.checking : t.check}
          </button>
          {paying && back}
        </div>
        {check.data?.ok && (
          <p className="verified" role="status" data-testid="quote-checked">
            {t.checked}
          </p>
        )}
      </details>
      {!paying && <p>{back}</p>}
      {check.data && !check.data.ok && (
        <p className="notice error" role="alert" data-testid="quote-unverifiable">
          {fillText(t.unverifiable, { reason: t[problemKey[check.data.problem]] })}
        </p>
      )}
    </div>
  )
}

/** The quote's terms as its key signed them. */
const termsOf = (chainId: number, quote: Quote) => ({
  chainId,
  reference: quote.reference as Hex,
  paymentReference: quote.paymentReference as Hex,
  currency: quote.currency,
  price: BigInt(quote.price),
  asset: quote.asset as Address | typeof NATIVE_ASSET,
  amount: BigInt(quote.amount),
  tokenFeed: quote.tokenFeed as Address,
  tokenRound: BigInt(quote.tokenRound),
  currencyFeed: (quote.currencyFeed ?? null) as Address | null,
  currencyRound: BigInt(quote.currencyRound ?? 0),
  expiresAt: new Date(quote.expiresAt),
})
