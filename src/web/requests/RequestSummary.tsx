import type { Chain } from 'viem'
import { formatUsd, groupAmount } from '../../domain/amount.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { CopyButton } from '../components/CopyButton.tsx'
import { useNow } from '../components/useNow.ts'
import type { PaymentRequestData } from './requestOperations.ts'

export const statusText: Record<string, string> = {
  open: 'Awaiting payment',
  pending: 'Payment seen: confirming',
  paid: 'Paid',
  partially_paid: 'Partially paid',
  overpaid: 'Overpaid',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

export function StatusBadge({ status, paidLate }: { status: string; paidLate?: boolean }) {
  return (
    <span className={`status status-${status}`} data-testid="request-status" data-status={status}>
      {statusText[status] ?? status}
      {paidLate ? ' (late)' : ''}
    </span>
  )
}

/** Said wherever a test network's request is shown: paid there means nothing of value changed hands. */
export function TestNetworkBadge() {
  return (
    <span className="badge test-network" data-testid="test-network">
      Test network: no real money
    </span>
  )
}

export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Stablecoins whose unit is one US dollar: their amount is also shown in dollars. */
const DOLLAR_STABLECOINS = new Set(['USDC'])

/** "in 6 days", "in 3 hours", "5 minutes ago": how long until `iso`, for people. */
export function timeLeft(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
  for (const [unit, size] of [['day', 86_400], ['hour', 3600], ['minute', 60]] as const)
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit)
  return format.format(seconds, 'second')
}

function DueIn({ dueAt }: { dueAt: string }) {
  const now = useNow()
  return (
    <span className="hint" data-testid="request-due-in">
      {' '}
      ({new Date(dueAt).getTime() > now ? `due ${timeLeft(dueAt, now)}` : 'past due'})
    </span>
  )
}

/** The name and website the payee gave, marked as theirs: Billfold vouches only for the address that signed. */
export function PayeeName({ profile }: { profile: { displayName: string; website: string | null } }) {
  return (
    <span className="payee-name">
      <strong data-testid="payee-name">{profile.displayName}</strong>
      {profile.website && (
        <a href={profile.website} target="_blank" rel="noopener noreferrer nofollow" data-testid="payee-website">
          {new URL(profile.website).host}
        </a>
      )}
      <span className="hint">(as the payee calls themselves)</span>
    </span>
  )
}

/** An address in full, with a copy button and, where the chain has an explorer, a link to it. */
export function AddressLine({ address, chain, label, testId }: { address: string; chain: Chain | undefined; label: string; testId?: string }) {
  const explorer = chain?.blockExplorers?.default.url
  return (
    <span className="address-line">
      <span className="mono" data-testid={testId}>
        {address}
      </span>
      <CopyButton value={address} label={`Copy ${label}`} />
      {explorer && (
        <a className="small" href={`${explorer.replace(/\/$/, '')}/address/${address}`} target="_blank" rel="noreferrer">
          View on explorer
        </a>
      )}
    </span>
  )
}

/** What was asked, by whom, and how far it got. The memo is someone's text: rendered as text only. */
export function RequestSummary({ request, chainName, chain, testnet }: { request: PaymentRequestData; chainName: string; chain?: Chain | undefined; testnet: boolean }) {
  const dollars = DOLLAR_STABLECOINS.has(request.symbol) && request.asset !== NATIVE_ASSET
  return (
    <dl className="summary">
      <div className="amount-line">
        <dt className="visually-hidden">Amount</dt>
        <dd className="amount" data-testid="request-amount">
          {groupAmount(request.amountDecimal)} {request.symbol}
        </dd>
        {dollars && (
          <dd className="fiat" data-testid="request-usd">
            ≈ {formatUsd(BigInt(request.amount), request.decimals)}
          </dd>
        )}
        <dt className="visually-hidden">Status</dt>
        <dd>
          <StatusBadge status={request.status} paidLate={request.paidLate} />
        </dd>
      </div>
      <div>
        <dt>Chain</dt>
        <dd>
          {chainName}
          {testnet && <TestNetworkBadge />}
        </dd>
      </div>
      <div>
        <dt>Pay to</dt>
        <dd>
          {request.payeeProfile && <PayeeName profile={request.payeeProfile} />}
          <AddressLine address={request.payee} chain={chain} label="the payee's address" testId="request-payee" />
        </dd>
      </div>
      {request.asset !== NATIVE_ASSET && (
        <div>
          <dt>Token contract</dt>
          <dd>
            <AddressLine address={request.asset} chain={chain} label={`the ${request.symbol} contract address`} testId="request-token" />
          </dd>
        </div>
      )}
      {request.payer && (
        <div>
          <dt>Only from</dt>
          <dd className="mono">{request.payer}</dd>
        </div>
      )}
      {request.memo && (
        <div>
          <dt>Memo</dt>
          <dd className="memo" dir="auto" data-testid="request-memo">
            {request.memo}
          </dd>
        </div>
      )}
      <div>
        <dt>Due</dt>
        <dd>
          <time dateTime={request.dueAt}>{formatDateTime(request.dueAt)}</time>
          {['open', 'partially_paid'].includes(request.status) && <DueIn dueAt={request.dueAt} />}
        </dd>
      </div>
      {request.status !== 'open' && request.received !== '0' && (
        <div>
          <dt>Received</dt>
          <dd data-testid="request-received">
            {groupAmount(request.receivedDecimal)} {request.symbol}
          </dd>
        </div>
      )}
    </dl>
  )
}
