import { BackToRequests } from '../BackToRequests.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { ApiKeysPanel } from './ApiKeysPanel.tsx'
import { PaymentLinksPanel } from './PaymentLinksPanel.tsx'
import { WebhooksPanel } from './WebhooksPanel.tsx'

/** For payees who sell: reusable payment links, and for their own servers, API keys and webhooks. */
export function DevelopersPage() {
  useDocumentTitle('Payment links, API keys and webhooks')
  return (
    <div className="stack developers">
      <BackToRequests />
      <h1>Payment links, API keys and webhooks</h1>
      <p className="hint">
        The REST API is described at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
      </p>
      <PaymentLinksPanel />
      <ApiKeysPanel />
      <WebhooksPanel />
    </div>
  )
}
