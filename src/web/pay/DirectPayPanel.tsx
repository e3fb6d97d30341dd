import { useStore } from '@nanostores/react'
import type { Address } from 'viem'
import { CopyButton } from '../components/CopyButton.tsx'
import { fill, fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { directText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { directPayTerms } from './directPayTerms.ts'
import { useChosenChainId } from './PayChainChoice.tsx'
import { lazy, Suspense, useId, useState } from 'react'

// The QR code's encoder is fetched when the panel is opened: most payers pay from a browser wallet.
const QrCode = lazy(() => import('../components/QrCode.tsx').then((m) => ({ default: m.QrCode })))
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/**
 * For a payer without a browser wallet: the exact amount, the address, the network and the token,
 * each to copy, and an EIP-681 QR code, on the chain the payer picks among those the request accepts.
 * Offered only where a plain transfer would be matched to this request by its amount alone; otherwise
 * it says why.
 */
export function DirectPayPanel({ request }: { request: PaymentRequestData }) {
  const direct = request.directPayment
  const [opened, setOpened] = useState(false)
  const t = useStore(directText)
  const common = useStore(commonText)
  const format = useFormat()
  const core = useWalletCore()
  const connection = useConnection()
  const selectId = useId()
  const { chosen, pick } = useChosenChainId(request, connection.status === 'connected' ? connection.address : undefined)
  if (!direct.chains.some((c) => c.available))
    return (
      <p className="notice" data-testid="direct-pay-unavailable">
        {t.unavailable} {t.unavailableAction}
      </p>
    )
  const terms = directPayTerms(
    { payee: request.payee as Address, due: BigInt(direct.due), chains: direct.chains },
    chosen,
  )
  const nameOf = (id: number) => core.chains.find((c) => c.id === id)?.name ?? fillText(common.chainFallback, { id })
  const chainName = nameOf(terms.chainId)
  const token = terms.token
  // [test id, label, shown, copied]: the amount is copied as a plain decimal, which every wallet reads.
  const rows: [string, string, string, string][] = [
    ['amount', t.amount, `${format.amount(direct.dueDecimal, request.symbol)} ${request.symbol}`, direct.dueDecimal],
    ['to-address', t.toAddress, request.payee, request.payee],
    ['network', t.network, fillText(t.networkValue, { chain: chainName, id: terms.chainId }), String(terms.chainId)],
    ...(token ? ([['token-contract', t.tokenContract, token, token]] as [string, string, string, string][]) : []),
  ]
  return (
    <details
      className="direct-pay"
      data-testid="direct-pay"
      onToggle={(event) => setOpened(opened || event.currentTarget.open)}
    >
      <summary>{t.open}</summary>
      {direct.chains.length > 1 && (
        <p>
          <label htmlFor={selectId}>{t.network}</label>{' '}
          <select
            id={selectId}
            data-testid="direct-chain"
            value={terms.chainId}
            onChange={(event) => pick(Number(event.currentTarget.value))}
          >
            {direct.chains.map((c) => (
              <option key={c.chainId} value={c.chainId}>
                {nameOf(c.chainId)}
              </option>
            ))}
          </select>
        </p>
      )}
      {terms.uri === undefined ? (
        <p className="notice" data-testid="direct-pay-unavailable">
          {fillText(t.unavailableOnChain, { chain: chainName })} {t.unavailableAction}
        </p>
      ) : (
        <>
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
              <QrCode value={terms.uri} label={t.qrLabel} />
            </Suspense>
          )}
        </>
      )}
    </details>
  )
}
