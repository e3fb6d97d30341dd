import { useStore } from '@nanostores/react'
import type { Address } from 'viem'
import { paymentUri } from '../../domain/eip681.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { CopyButton } from '../components/CopyButton.tsx'
import { fill, fillText } from '../i18n/fill.tsx'
import { directText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { lazy, Suspense, useState } from 'react'

// The QR code's encoder is fetched when the panel is opened: most payers pay from a browser wallet.
const QrCode = lazy(() => import('../components/QrCode.tsx').then((m) => ({ default: m.QrCode })))
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/**
 * For a payer without a browser wallet: the exact amount, the address, the network and the token,
 * each to copy, and an EIP-681 QR code. Offered only when a plain transfer would be matched to this
 * request by its amount alone; otherwise it says why.
 */
export function DirectPayPanel({ request, chainName }: { request: PaymentRequestData; chainName: string }) {
  const direct = request.directPayment
  const [opened, setOpened] = useState(false)
  const t = useStore(directText)
  const format = useFormat()
  if (!direct.available)
    return (
      <p className="notice" data-testid="direct-pay-unavailable">
        {t.unavailable} {t.unavailableAction}
      </p>
    )
  const token = request.asset === NATIVE_ASSET ? undefined : (request.asset as Address)
  const uri = paymentUri({
    chainId: request.chainId,
    asset: token ?? NATIVE_ASSET,
    payee: request.payee as Address,
    amount: BigInt(direct.due),
  })
  // [test id, label, shown, copied]: the amount is copied as a plain decimal, which every wallet reads.
  const rows: [string, string, string, string][] = [
    ['amount', t.amount, `${format.amount(direct.dueDecimal, request.symbol)} ${request.symbol}`, direct.dueDecimal],
    ['to-address', t.toAddress, request.payee, request.payee],
    [
      'network',
      t.network,
      fillText(t.networkValue, { chain: chainName, id: request.chainId }),
      String(request.chainId),
    ],
    ...(token ? ([['token-contract', t.tokenContract, token, token]] as [string, string, string, string][]) : []),
  ]
  return (
    <details
      className="direct-pay"
      data-testid="direct-pay"
      onToggle={(event) => setOpened(opened || event.currentTarget.open)}
    >
      <summary>{t.open}</summary>
      <p className="notice warning" role="note">
        {fill(request.payer ? t.sendExactlyFrom : t.sendExactly, {
          amount: format.amount(direct.dueDecimal, request.symbol),
          symbol: request.symbol,
          chain: chainName,
          payer: <span className="mono">{request.payer}</span>,
        })}
      </p>
      <dl className="direct-pay-terms">
        {rows.map(([id, label, shown, copied]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd>
              <span className="mono" data-testid={`direct-${id}`}>
                {shown}
              </span>{' '}
              <CopyButton value={copied} label={fillText(t.copyField, { field: label })} />
            </dd>
          </div>
        ))}
      </dl>
      {opened && (
        <Suspense fallback={<p role="status">{t.loadingQr}</p>}>
          <QrCode value={uri} label={t.qrLabel} />
        </Suspense>
      )}
    </details>
  )
}
