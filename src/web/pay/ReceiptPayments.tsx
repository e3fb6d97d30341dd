import { useStore } from '@nanostores/react'
import { fiatCurrency } from '../../domain/currencies.ts'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { fill, fillText } from '../i18n/fill.tsx'
import { onChainsText, receiptText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { TestNetworkBadge } from '../requests/RequestSummary.tsx'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { PaymentsTotal, usePaymentChains } from './PaymentsOnChains.tsx'

/** The receipt's chain: the request's own, or every chain its payments came on when any came on another. */
export function PaidOnChains({ request }: { request: PaymentRequestData }) {
  const t = useStore(receiptText)
  const onChains = useStore(onChainsText)
  const { chainOf, nameOf, elsewhere, paidOn } = usePaymentChains(request)
  const shown = elsewhere ? paidOn : [request.chainId]
  return (
    <div>
      <dt>{elsewhere && shown.length > 1 ? onChains.chains : t.chain}</dt>
      <dd data-testid="receipt-chains">
        {shown.map(nameOf).join(', ')}
        {shown.some((id) => chainOf(id)?.testnet) && <TestNetworkBadge />}
      </dd>
    </div>
  )
}

/**
 * Each transaction that paid the request, with its value in the payee's books currency when they
 * keep one; each on its chain, and what they add up to, when any came on another chain than the
 * request's own.
 */
export function ReceiptPayments({ request }: { request: PaymentRequestData }) {
  const t = useStore(receiptText)
  const onChains = useStore(onChainsText)
  const format = useFormat()
  const { chainOf, nameOf, elsewhere } = usePaymentChains(request)
  return (
    <>
      <ul className="payments">
        {request.payments.map((p) => (
          <li key={`${p.chainId}:${p.txHash}:${p.logIndex}`} data-testid="receipt-payment">
            {fill(elsewhere ? onChains.receiptLine : t.paymentLine, {
              amount: format.amount(p.amountDecimal, p.symbol),
              symbol: p.symbol,
              chain: nameOf(p.chainId),
              date: format.dateTime(p.blockTime),
              block: format.integer(p.blockNumber),
              hash: <TransactionLink chain={chainOf(p.chainId)} hash={p.txHash} />,
            })}
            {p.bookValue && (
              <span data-testid="receipt-book-value">
                {' '}
                {fillText(t.worthThen, {
                  value: format.money(p.bookValue.value, {
                    code: p.bookValue.currency,
                    minorDigits: fiatCurrency(p.bookValue.currency)?.minorDigits ?? 2,
                  }),
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
      {/* A priced request's total is its price, shown above in its currency. */}
      {elsewhere && !request.price && <PaymentsTotal request={request} />}
    </>
  )
}
