import { useStore } from '@nanostores/react'
import type { Address, Chain } from 'viem'
import { shortAddress } from '../components/shortAddress.ts'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { fill } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/** Each refund transfer the chain showed for the request: what went back, to whom, in which transaction. */
export function RefundLines({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const t = useStore(payText)
  const format = useFormat()
  const transfers = request.refunds.flatMap((r) => r.transfers)
  if (transfers.length === 0) return null
  return (
    <>
      {transfers.map((transfer) => (
        <p key={`${transfer.txHash}:${transfer.logIndex}`} data-testid="refund-line">
          {fill(t.refundLine, {
            amount: format.amount(transfer.amountDecimal, request.symbol),
            symbol: request.symbol,
            to: <span className="mono">{shortAddress(transfer.to as Address)}</span>,
            hash: <TransactionLink chain={chain} hash={transfer.txHash} />,
          })}
        </p>
      ))}
    </>
  )
}
