import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { payText } from '../../i18n/payerMessages.ts'
import { openedRequests } from './openedRequests.ts'

/** Where a payer with more than one request open in this browser can pay them together. */
export function PaySeveralLink() {
  const opened = useStore(openedRequests)
  const t = useStore(payText)
  if (opened.length < 2) return null
  return (
    <p>
      <Link href="/pay-several" data-testid="pay-several-link">
        {t.paySeveralLink}
      </Link>
    </p>
  )
}
