import { formatDateTime } from '../../components/formatDateTime.ts'
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
  return (
    <table className="requests" aria-label="Your API keys">
      <thead>
        <tr>
          <th>Name</th>
          <th>Scopes</th>
          <th>Created</th>
          <th>Last used</th>
          <th>Signs as</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} data-testid="api-key-row">
            <td data-label="Name">
              {key.name} <span className="mono small">{key.secretPrefix}…</span>
            </td>
            <td data-label="Scopes">{key.scopes.join(', ')}</td>
            <td data-label="Created">{formatDateTime(key.createdAt)}</td>
            <td data-label="Last used">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</td>
            <td data-label="Signs as" className="mono small">
              {key.delegate}
            </td>
            <td>
              {key.revokedAt ? (
                <span className="status status-cancelled">Revoked {formatDateTime(key.revokedAt)}</span>
              ) : (
                <span className="actions">
                  {needsDelegation(key) && (
                    <span className="hint">Not authorised by your wallet yet: makes no requests.</span>
                  )}
                  {needsDelegation(key) && (
                    <button
                      type="button"
                      className="button small primary"
                      onClick={() => onAuthorise(key)}
                      disabled={authorising}
                      title="Makes no requests until your wallet signs"
                    >
                      Authorise
                    </button>
                  )}
                  <button type="button" className="button small" onClick={() => onRevoke(key.id)} disabled={revoking}>
                    Revoke
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
