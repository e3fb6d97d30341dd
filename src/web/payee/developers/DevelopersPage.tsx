import { BackToRequests } from '../BackToRequests.tsx'
import { useStore } from '@nanostores/react'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { fill } from '../../i18n/fill.tsx'
import { ApiKeysPanel } from './ApiKeysPanel.tsx'
import { PaymentLinksPanel } from './PaymentLinksPanel.tsx'
import { WebhooksPanel } from './WebhooksPanel.tsx'
import { developersPageText } from './developersText.ts'

/** For payees who sell: reusable payment links, and for their own servers, API keys and webhooks. */
export function DevelopersPage() {
  const t = useStore(developersPageText)
  useDocumentTitle(t.title)
  return (
    <div className="stack developers">
      <BackToRequests />
      <h1>{t.title}</h1>
      <p className="hint">{fill(t.openApi, { link: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> })}</p>
      <PaymentLinksPanel />
      <ApiKeysPanel />
      <WebhooksPanel />
    </div>
  )
}
