import { useStore } from '@nanostores/react'
import { getAddress, type Address, type Chain } from 'viem'
import { sameAddress } from '../../domain/sameAddress.ts'
import { shortAddress } from '../components/shortAddress.ts'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { fill } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/**
 * Each refund transfer the chain showed for the request: what went back, to whom, in which
 * transaction. One that went to an address that did not pay is said so, with the whole address:
 * the payer must not take it for money back in their own wallet.
 */
export function RefundLines({
  request,
  chainOf,
}: {
  request: PaymentRequestData
  chainOf: (id: number) => Chain | undefined
}) {
  const t = useStore(payText)
  const format = useFormat()
  // Each refund went back on its own chain: the one its recipient paid on.
  const transfers = request.refunds.flatMap((r) =>
    r.transfers.map((transfer) => ({ ...transfer, chainId: r.transaction.chainId })),
  )
  if (transfers.length === 0) return null
  const paidFrom = request.payments.map((p) => p.from)
  return (
    <>
      {transfers.map((transfer) => {
        const elsewhere = !paidFrom.some((from) => sameAddress(from, transfer.to))
        return (
          <p key={`${transfer.txHash}:${transfer.logIndex}`} data-testid="refund-line">
            {fill(elsewhere ? t.refundLineElsewhere : t.refundLine, {
              amount: format.amount(transfer.amountDecimal, request.symbol),
              symbol: request.symbol,
              to: (
                <span className="mono">
                  {elsewhere ? getAddress(transfer.to) : shortAddress(transfer.to as Address)}
                </span>
              ),
              hash: <TransactionLink chain={chainOf(transfer.chainId)} hash={transfer.txHash} />,
            })}
          </p>
        )
      })}
    </>
  )
}
