import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { plural } from '../../i18n/plural.ts'
import { fillText } from '../i18n/fill.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { receivedOnChainsText, requestPageText } from './payeeMessages.ts'

/**
 * What a request of several chains received on each, in its token there: shown once anything
 * arrived. `action` renders beside each chain's figure (what the payee can do with it).
 */
export function ReceivedOnChains({
  request,
  action,
}: {
  request: PaymentRequestData
  action?: (total: PaymentRequestData['receivedByChain'][number]) => ReactNode
}) {
  const { chains } = useWalletCore()
  const t = useStore(receivedOnChainsText)
  const page = useStore(requestPageText)
  const format = useFormat()
  if (request.acceptedChains.length < 2 || request.receivedByChain.length === 0) return null
  return (
    <section aria-labelledby="received-on-chains">
      <h2 id="received-on-chains">{t.title}</h2>
      <ul className="figures" data-testid="received-on-chains">
        {request.receivedByChain.map((total) => (
          <li key={total.chainId}>
            <span className="figure">
              {fillText(t.onChain, {
                amount: format.asset(total.receivedDecimal, total.symbol),
                chain:
                  chains.find((c) => c.id === total.chainId)?.name ??
                  fillText(page.chainFallback, { id: total.chainId }),
              })}
            </span>{' '}
            <span className="muted">
              {fillText(plural(format.locale, total.payments, { one: t.paymentsOne, other: t.paymentsOther }), {
                count: total.payments,
              })}
            </span>
            {action?.(total)}
          </li>
        ))}
      </ul>
    </section>
  )
}
