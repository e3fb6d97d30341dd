import { useStore } from '@nanostores/react'
import { fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { onChainsText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'

/**
 * The chains a request's payments arrived on: each payment's chain (its explorer, its name), and
 * whether any came on another chain than the request's own. Only then does each payment name its
 * chain and a total follow: a request paid wholly on its own chain reads as one of a single chain.
 */
export function usePaymentChains(request: Pick<PaymentRequestData, 'chainId' | 'payments'>) {
  const { chains } = useWalletCore()
  const common = useStore(commonText)
  const chainOf = (chainId: number) => chains.find((c) => c.id === chainId)
  return {
    chainOf,
    nameOf: (chainId: number) => chainOf(chainId)?.name ?? fillText(common.chainFallback, { id: chainId }),
    elsewhere: request.payments.some((p) => p.chainId !== request.chainId),
    /** Each chain paid on once, in the order of the payments. */
    paidOn: [...new Set(request.payments.map((p) => p.chainId))],
  }
}

/** What the parts paid on several chains add up to. */
export function PaymentsTotal({ request }: { request: PaymentRequestData }) {
  const t = useStore(onChainsText)
  const format = useFormat()
  return (
    <p data-testid="payments-total">
      <strong>
        {fillText(t.total, { amount: format.amount(request.receivedDecimal, request.symbol), symbol: request.symbol })}
      </strong>
    </p>
  )
}
