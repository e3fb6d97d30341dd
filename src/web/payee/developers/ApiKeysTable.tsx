import { useStore } from '@nanostores/react'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { apiKeysTableText } from './developersText.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import type { MyApiKeysQuery } from './merchantOperations.ts'

export type ApiKeyItem = ResultOf<typeof MyApiKeysQuery>['myApiKeys'][number]

/** Only a key that makes requests needs the wallet's delegation: its delegate signs them. */
export const needsDelegation = (key: Pick<ApiKeyItem, 'scopes' | 'authorisedAt' | 'revokedAt'>) =>
  key.scopes.includes('requests:write') && !key.authorisedAt && !key.revokedAt

/** The payee's keys, each with what it may do, when it was last used, the address it signs as, and its actions. */
export function ApiKeysTable({
  keys,
  onAuthorise,
  authorising,
  onRevoke,
  revoking,
}: {
  keys: ApiKeyItem[]
  onAuthorise: (key: ApiKeyItem) => void
  authorising: boolean
  onRevoke: (id: string) => void
  revoking: boolean
}) {
  const t = useStore(apiKeysTableText)
  const { dateTime } = useFormat()
  return (
    <table className="requests" aria-label={t.label}>
      <thead>
        <tr>
          <th>{t.name}</th>
          <th>{t.scopes}</th>
          <th>{t.created}</th>
          <th>{t.lastUsed}</th>
          <th>{t.signsAs}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} data-testid="api-key-row">
            <td data-label={t.name}>
              {key.name} <span className="mono small">{key.secretPrefix}…</span>
            </td>
            <td data-label={t.scopes}>{key.scopes.join(', ')}</td>
            <td data-label={t.created}>{dateTime(key.createdAt)}</td>
            <td data-label={t.lastUsed}>{key.lastUsedAt ? dateTime(key.lastUsedAt) : t.never}</td>
            <td data-label={t.signsAs} className="mono small">
              {key.delegate}
            </td>
            <td>
              {key.revokedAt ? (
                <span className="status status-cancelled">
                  {fillText(t.revokedOn, { date: dateTime(key.revokedAt) })}
                </span>
              ) : (
                <span className="actions">
                  {needsDelegation(key) && <span className="hint">{t.notAuthorised}</span>}
                  {needsDelegation(key) && (
                    <button
                      type="button"
                      className="button small primary"
                      onClick={() => onAuthorise(key)}
                      disabled={authorising}
                      title={t.authoriseTitle}
                    >
                      {t.authorise}
                    </button>
                  )}
                  <button type="button" className="button small" onClick={() => onRevoke(key.id)} disabled={revoking}>
                    {t.revoke}
                  </button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
