import type { Address } from 'viem'
import { paymentUri } from '../../domain/eip681.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { CopyButton } from '../components/CopyButton.tsx'
import { lazy, Suspense, useState } from 'react'

// The QR code's encoder is fetched when the panel is opened: most payers pay from a browser wallet.
const QrCode = lazy(() => import('../components/QrCode.tsx').then((m) => ({ default: m.QrCode })))
import type { PaymentRequestData } from './requestOperations.ts'

/**
 * For a payer without a browser wallet: the exact amount, the address, the network and the token,
 * each to copy, and an EIP-681 QR code. Offered only when a plain transfer would be matched to this
 * request by its amount alone; otherwise it says why.
 */
export function DirectPayPanel({ request, chainName }: { request: PaymentRequestData; chainName: string }) {
  const direct = request.directPayment
  const [opened, setOpened] = useState(false)
  if (!direct.available)
    return (
      <p className="notice" data-testid="direct-pay-unavailable">
        Paying from another wallet or an exchange is not offered for this request. {direct.reason}
      </p>
    )
  const token = request.asset === NATIVE_ASSET ? undefined : (request.asset as Address)
  const uri = paymentUri({ chainId: request.chainId, asset: token ?? NATIVE_ASSET, payee: request.payee as Address, amount: BigInt(direct.due) })
  const rows: [string, string, string][] = [
    ['Amount', `${direct.dueDecimal} ${request.symbol}`, direct.dueDecimal],
    ['To address', request.payee, request.payee],
    ['Network', `${chainName} (chain id ${request.chainId})`, String(request.chainId)],
    ...(token ? ([['Token contract', token, token]] as [string, string, string][]) : []),
  ]
  return (
    <details className="direct-pay" data-testid="direct-pay" onToggle={(event) => setOpened(opened || event.currentTarget.open)}>
      <summary>Pay from another wallet or an exchange</summary>
      <p className="notice warning" role="note">
        Send exactly {direct.dueDecimal} {request.symbol} on {chainName}, and only there{request.payer ? <>, from <span className="mono">{request.payer}</span></> : null}. Another
        amount, or another network{request.payer ? ', or another sender' : ''}, is not matched to this request.
      </p>
      <dl className="direct-pay-terms">
        {rows.map(([label, shown, copied]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <span className="mono" data-testid={`direct-${label.toLowerCase().replaceAll(' ', '-')}`}>
                {shown}
              </span>{' '}
              <CopyButton value={copied} label={`Copy ${label.toLowerCase()}`} />
            </dd>
          </div>
        ))}
      </dl>
      {opened && (
        <Suspense fallback={<p role="status">Loading the QR code…</p>}>
          <QrCode value={uri} label="QR code to pay from a mobile wallet (EIP-681)" />
        </Suspense>
      )}
    </details>
  )
}
