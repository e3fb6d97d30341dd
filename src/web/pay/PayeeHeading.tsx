import { useStore } from '@nanostores/react'
import type { Address } from 'viem'
import { CopyButton } from '../components/CopyButton.tsx'
import { shortAddress } from '../components/shortAddress.ts'
import { fillText } from '../i18n/fill.tsx'
import { payText, summaryText } from '../i18n/payerMessages.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/**
 * Who asks, as a person would name them: a payment link's product title, or "Pay" and the payee's
 * display name (or short address); then their site and short address to copy. The name is the
 * payee's own word, marked so: Billfold vouches only for the address that signed.
 */
export function PayeeHeading({ request }: { request: PaymentRequestData }) {
  const t = useStore(payText)
  const summary = useStore(summaryText)
  const profile = request.payeeProfile
  const short = shortAddress(request.payee as Address)
  const product = request.issuer?.linkTitle
  const name = profile?.displayName ?? short
  return (
    <header className="payee-heading">
      <h1 id="pay-title" dir="auto">
        {product ?? fillText(t.payTitle, { payee: name })}
      </h1>
      <p className="payee-line">
        {product && (
          <strong data-testid="payee-name" dir="auto">
            {name}
          </strong>
        )}
        {!product && profile && (
          <span className="visually-hidden" data-testid="payee-name">
            {profile.displayName}
          </span>
        )}
        {profile?.website && (
          <a href={profile.website} target="_blank" rel="noopener noreferrer nofollow" data-testid="payee-website">
            {new URL(profile.website).host}
          </a>
        )}
        {(product || profile) && (
          <span className="mono" data-testid="payee-short-address">
            {short}
          </span>
        )}
        <CopyButton value={request.payee} label={summary.copyPayee} />
        {profile && <span className="hint">{summary.payeeSaysName}</span>}
      </p>
    </header>
  )
}
