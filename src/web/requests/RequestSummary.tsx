import { useStore } from '@nanostores/react'
import type { Chain } from 'viem'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { CopyButton } from '../components/CopyButton.tsx'
import { useNow } from '../components/useNow.ts'
import { fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { statusText, summaryText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from './requestOperations.ts'

export function StatusBadge({
  status,
  paidLate,
  testId = 'request-status',
}: {
  status: string
  paidLate?: boolean
  testId?: string
}) {
  const t = useStore(statusText)
  return (
    <span className={`status status-${status}`} data-testid={testId} data-status={status}>
      {t[status as keyof typeof t] ?? status}
      {paidLate ? ` ${t.late}` : ''}
    </span>
  )
}

/** The request's status, and beside it whether money went back (refunded or partly). */
export function RequestBadges({ request }: { request: { status: string; paidLate: boolean; refundStatus: string } }) {
  return (
    <>
      <StatusBadge status={request.status} paidLate={request.paidLate} />
      {request.refundStatus !== 'none' && (
        <>
          {' '}
          <StatusBadge status={request.refundStatus} testId="refund-status" />
        </>
      )}
    </>
  )
}

/** Said wherever a test network's request is shown: paid there means nothing of value changed hands. */
export function TestNetworkBadge() {
  const t = useStore(commonText)
  return (
    <span className="badge test-network" data-testid="test-network">
      {t.testNetwork}
    </span>
  )
}

/** Stablecoins whose unit is one US dollar: their amount is also shown in dollars. */
const DOLLAR_STABLECOINS = new Set(['USDC'])

export const inDollars = (request: { symbol: string; asset: string }) =>
  DOLLAR_STABLECOINS.has(request.symbol) && request.asset !== NATIVE_ASSET

/** "(due in 6 days)" or "(past due)", kept current. */
export function DueIn({ dueAt }: { dueAt: string }) {
  const now = useNow()
  const t = useStore(summaryText)
  const format = useFormat()
  return (
    <span className="hint" data-testid="request-due-in">
      {' '}
      ({new Date(dueAt).getTime() > now ? fillText(t.dueIn, { when: format.timeLeft(dueAt, now) }) : t.pastDue})
    </span>
  )
}

/** The name and website the payee gave, marked as theirs: Billfold vouches only for the address that signed. */
export function PayeeName({ profile }: { profile: { displayName: string; website: string | null } }) {
  const t = useStore(summaryText)
  return (
    <span className="payee-name">
      <strong data-testid="payee-name">{profile.displayName}</strong>
      {profile.website && (
        <a href={profile.website} target="_blank" rel="noopener noreferrer nofollow" data-testid="payee-website">
          {new URL(profile.website).host}
        </a>
      )}
      <span className="hint">{t.payeeSaysName}</span>
    </span>
  )
}

/** An address in full, with a copy button (labelled `label`, when given) and, where the chain has an explorer, a link to it. */
export function AddressLine({
  address,
  chain,
  label,
  testId,
}: {
  address: string
  chain: Chain | undefined
  label?: string
  testId?: string
}) {
  const explorer = chain?.blockExplorers?.default.url
  const t = useStore(commonText)
  return (
    <span className="address-line">
      <span className="mono" data-testid={testId}>
        {address}
      </span>
      {label && <CopyButton value={address} label={label} />}
      {explorer && (
        <a
          className="small"
          href={`${explorer.replace(/\/$/, '')}/address/${address}`}
          target="_blank"
          rel="noreferrer"
        >
          {t.viewOnExplorer}
        </a>
      )}
    </span>
  )
}

/** What was asked, by whom, and how far it got. The memo is someone's text: rendered as text only. */
export function RequestSummary({
  request,
  chainName,
  chain,
  testnet,
}: {
  request: PaymentRequestData
  chainName: string
  chain?: Chain | undefined
  testnet: boolean
}) {
  const dollars = inDollars(request)
  const t = useStore(summaryText)
  const format = useFormat()
  // A priced request's amounts are its currency's minor units.
  const currency = request.price && { code: request.price.currency, minorDigits: request.decimals }
  const shown = (decimal: string, minor: string) =>
    currency ? format.money(minor, currency) : `${format.amount(decimal, request.symbol)} ${request.symbol}`
  return (
    <dl className="kv summary">
      <div className="amount-line">
        <dt className="visually-hidden">{t.amount}</dt>
        <dd className="amount" data-testid="request-amount">
          {shown(request.amountDecimal, request.amount)}
        </dd>
        {dollars && (
          <dd className="fiat" data-testid="request-usd">
            ≈ {format.usd(BigInt(request.amount), request.decimals)}
          </dd>
        )}
        <dt className="visually-hidden">{t.status}</dt>
        <dd>
          <RequestBadges request={request} />
        </dd>
      </div>
      <div>
        <dt>{t.chain}</dt>
        <dd>
          {chainName}
          {testnet && <TestNetworkBadge />}
        </dd>
      </div>
      <div>
        <dt>{t.payTo}</dt>
        <dd>
          {request.payeeProfile && <PayeeName profile={request.payeeProfile} />}
          <AddressLine address={request.payee} chain={chain} label={t.copyPayee} testId="request-payee" />
        </dd>
      </div>
      {request.asset !== NATIVE_ASSET && !currency && (
        <div>
          <dt>{t.tokenContract}</dt>
          <dd>
            <AddressLine
              address={request.asset}
              chain={chain}
              label={fillText(t.copyToken, { symbol: request.symbol })}
              testId="request-token"
            />
          </dd>
        </div>
      )}
      {request.payer && (
        <div>
          <dt>{t.onlyFrom}</dt>
          <dd className="mono">{request.payer}</dd>
        </div>
      )}
      {request.memo && (
        <div>
          <dt>{t.memo}</dt>
          <dd className="memo" dir="auto" data-testid="request-memo">
            {request.memo}
          </dd>
        </div>
      )}
      <div>
        <dt>{t.due}</dt>
        <dd>
          <time dateTime={request.dueAt}>{format.dateTime(request.dueAt)}</time>
          {['open', 'partially_paid'].includes(request.status) && <DueIn dueAt={request.dueAt} />}
        </dd>
      </div>
      {request.status !== 'open' && request.received !== '0' && (
        <div>
          <dt>{t.received}</dt>
          <dd data-testid="request-received">{shown(request.receivedDecimal, request.received)}</dd>
        </div>
      )}
      {request.refunded !== '0' && (
        <div>
          <dt>{t.refunded}</dt>
          <dd data-testid="request-refunded">{shown(request.refundedDecimal, request.refunded)}</dd>
        </div>
      )}
    </dl>
  )
}
