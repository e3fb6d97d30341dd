import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { API_KEY_SCOPES, DEFAULT_DELEGATION_DAYS, delegationToSign } from '../../../domain/delegation.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { mutate, query } from '../../graphql/apiClient.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import {
  AuthoriseApiKeyMutation,
  CreateApiKeyMutation,
  MyApiKeysQuery,
  RevokeApiKeyMutation,
} from './merchantOperations.ts'
import { SecretOnce } from './SecretOnce.tsx'
import { ApiKeysTable, needsDelegation, type ApiKeyItem } from './ApiKeysTable.tsx'
import { apiKeysText } from './developersText.ts'
import { fill } from '../../i18n/fill.tsx'

const SCOPE_KEY = {
  'requests:read': 'scopeRead',
  'requests:write': 'scopeWrite',
  'webhooks:manage': 'scopeWebhooks',
  'x402:settle': 'scopeSettle',
  'sales:write': 'scopeSalesWrite',
  'sales:read': 'scopeSalesRead',
  'tills:manage': 'scopeTillsManage',
} as const satisfies Record<(typeof API_KEY_SCOPES)[number], string>

/**
 * The payee's API keys. The secret is shown once; a key that makes requests then asks the wallet to
 * sign, once, the delegation that lets the key's own signing key sign requests on the payee's behalf
 * (declined, the key waits with an *Authorise* button).
 */
export function ApiKeysPanel() {
  const t = useStore(apiKeysText)
  const client = useQueryClient()
  const { connection } = useWalletCore()
  const keys = useQuery({ queryKey: ['my-api-keys'], queryFn: async () => (await query(MyApiKeysQuery)).myApiKeys })
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<string[]>(['requests:read', 'requests:write'])
  const [days, setDays] = useState(String(DEFAULT_DELEGATION_DAYS))
  const [secret, setSecret] = useState<string>()
  const refresh = () => client.invalidateQueries({ queryKey: ['my-api-keys'] })
  const authorise = useMutation({
    mutationFn: async (key: ApiKeyItem) => {
      const signature = await connection.signTypedData(delegationToSign(key.delegation))
      return mutate(AuthoriseApiKeyMutation, { id: key.id, signature })
    },
    onSettled: refresh,
  })
  const create = useMutation({
    mutationFn: async () => {
      const expiresAt = new Date(Date.now() + Number(days) * 86_400_000).toISOString()
      const created = (await mutate(CreateApiKeyMutation, { name, scopes, expiresAt })).createApiKey
      // The secret exists now and is shown whatever the wallet answers next.
      setSecret(created.secret)
      setName('')
      await refresh()
      if (needsDelegation(created.apiKey)) await authorise.mutateAsync(created.apiKey)
    },
  })
  const revoke = useMutation({
    mutationFn: async (id: string) => mutate(RevokeApiKeyMutation, { id }),
    onSuccess: refresh,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const daysError = /^\d{1,4}$/.test(days) && Number(days) >= 1 && Number(days) <= 1825 ? undefined : t.daysError
  return (
    <section className="card" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{t.title}</h2>
      <p className="card-intro">
        {fill(t.intro, {
          endpoint: <code>POST /api/v1/payment-requests</code>,
          header: <code>Authorization: Bearer &lt;secret&gt;</code>,
        })}
      </p>
      {secret && <SecretOnce label={t.secretLabel} secret={secret} onDone={() => setSecret(undefined)} />}
      {keys.data && keys.data.length > 0 ? (
        <ApiKeysTable
          keys={keys.data}
          onAuthorise={(key) => authorise.mutate(key)}
          authorising={authorise.isPending}
          onRevoke={(id) => revoke.mutate(id)}
          revoking={revoke.isPending}
        />
      ) : (
        keys.isSuccess && <p className="hint">{t.none}</p>
      )}
      <h3 className="form-title">{t.newKey}</h3>
      <form className="form" onSubmit={submit} noValidate aria-label={t.newKey}>
        <div className="row">
          <Field id="key-name" label={t.name} error={undefined}>
            <input
              id="key-name"
              value={name}
              maxLength={60}
              placeholder={t.namePlaceholder}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field id="key-days" label={t.days} error={daysError}>
            <input id="key-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
          </Field>
        </div>
        <fieldset className="checks">
          <legend>{t.scopes}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
              />{' '}
              {t[SCOPE_KEY[scope]]} <code>{scope}</code>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button primary" disabled={create.isPending || daysError !== undefined}>
          {create.isPending
            ? scopes.includes('requests:write')
              ? t.signInWallet
              : t.creating
            : scopes.includes('requests:write')
              ? t.createAndSign
              : t.create}
        </button>
        <ErrorNotice error={create.error} />
      </form>
      <ErrorNotice error={keys.error ?? revoke.error ?? (create.isError ? undefined : authorise.error)} />
    </section>
  )
}
