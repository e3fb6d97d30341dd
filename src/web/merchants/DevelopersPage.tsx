import { Link } from 'wouter'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { ApiKeysPanel } from './ApiKeysPanel.tsx'
import { WebhooksPanel } from './WebhooksPanel.tsx'

/** For payees who integrate from their own servers: API keys and webhooks. */
export function DevelopersPage() {
  useDocumentTitle('API keys and webhooks')
  return (
    <div className="stack developers">
      <p>
        <Link href="/">← Your requests</Link>
      </p>
      <h1>API keys and webhooks</h1>
      <p className="hint">
        The REST API is described at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
      </p>
      <ApiKeysPanel />
      <WebhooksPanel />
    </div>
  )
}
