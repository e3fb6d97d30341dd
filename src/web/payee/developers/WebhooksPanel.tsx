import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, isFieldError, mutate, query } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { fill, fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import {
  CreateWebhookEndpointMutation,
  DisableWebhookEndpointMutation,
  MyWebhookEndpointsQuery,
  RedeliverWebhookMutation,
  SendTestWebhookMutation,
} from './merchantOperations.ts'
import { SecretOnce } from './SecretOnce.tsx'
import { eventName } from './webhookEventNames.ts'
import { eventsText, webhooksText } from './developersText.ts'
import { plural } from '../../../i18n/plural.ts'

type Endpoint = ResultOf<typeof MyWebhookEndpointsQuery>['myWebhookEndpoints'][number]
const KEY = ['my-webhook-endpoints']
const DELIVERY_STATUSES: readonly string[] = ['pending', 'delivered', 'failed']

/** Where the payee's events go (Standard Webhooks), and what happened to each delivery. */
export function WebhooksPanel() {
  const t = useStore(webhooksText)
  const names = useStore(eventsText)
  const client = useQueryClient()
  // Deliveries change on their own (retries): the list refreshes while the page is open.
  const endpoints = useQuery({ queryKey: KEY, queryFn: () => query(MyWebhookEndpointsQuery), refetchInterval: 3000 })
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<string[]>(['payment_request.paid'])
  const [secret, setSecret] = useState<string>()
  const create = useMutation({
    mutationFn: async () => (await mutate(CreateWebhookEndpointMutation, { url, events })).createWebhookEndpoint,
    onSuccess: async (created) => {
      setSecret(created.secret)
      setUrl('')
      await client.invalidateQueries({ queryKey: KEY })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const fieldError = (field: string) => fieldErrorOf(create.error, field)
  const types = endpoints.data?.webhookEventTypes ?? []
  return (
    <section className="card" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t.title}</h2>
      <p className="card-intro">
        {fill(t.intro, {
          standard: <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>,
          headers: (
            <>
              <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>
            </>
          ),
        })}
      </p>
      {secret && <SecretOnce label={t.secretLabel} secret={secret} onDone={() => setSecret(undefined)} />}
      {endpoints.data?.myWebhookEndpoints.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} />
      ))}
      {endpoints.data?.myWebhookEndpoints.length === 0 && <p className="hint">{t.none}</p>}
      <ErrorNotice error={endpoints.error} />
      <h3 className="form-title">{t.newEndpoint}</h3>
      <form className="form" onSubmit={submit} noValidate aria-label={t.newEndpoint}>
        <Field id="webhook-url" label={t.url} error={fieldError('url')}>
          <input
            id="webhook-url"
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://shop.example/billfold/webhooks"
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <fieldset className="checks">
          <legend>{t.events}</legend>
          {types.map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(e) => setEvents(e.target.checked ? [...events, type] : events.filter((t) => t !== type))}
              />{' '}
              {eventName(names, type)} <code className="small muted">{type}</code>
            </label>
          ))}
          {fieldError('events') && (
            <p className="field-error" role="alert">
              {fieldError('events')}
            </p>
          )}
        </fieldset>
        <button type="submit" className="button primary" disabled={create.isPending}>
          {t.add}
        </button>
        {isFieldError(create.error, ['url', 'events']) ? null : <ErrorNotice error={create.error} />}
      </form>
    </section>
  )
}

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const t = useStore(webhooksText)
  const names = useStore(eventsText)
  const { dateTime, locale } = useFormat()
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: KEY })
  const test = useMutation({
    mutationFn: () => mutate(SendTestWebhookMutation, { id: endpoint.id }),
    onSuccess: refresh,
  })
  const redeliver = useMutation({
    mutationFn: (id: string) => mutate(RedeliverWebhookMutation, { id }),
    onSuccess: refresh,
  })
  const disable = useMutation({
    mutationFn: () => mutate(DisableWebhookEndpointMutation, { id: endpoint.id }),
    onSuccess: refresh,
  })
  return (
    <article
      className="webhook-endpoint"
      aria-label={fillText(t.endpoint, { url: endpoint.url })}
      data-testid="webhook-endpoint"
    >
      <h3 className="mono small break">{endpoint.url}</h3>
      <p className="hint">
        {endpoint.events.map((type) => eventName(names, type)).join(' · ')}
        {endpoint.disabledAt ? ` · ${fillText(t.disabledOn, { date: dateTime(endpoint.disabledAt) })}` : ''}
      </p>
      {!endpoint.disabledAt && (
        <div className="actions">
          <button type="button" className="button small" onClick={() => test.mutate()} disabled={test.isPending}>
            {t.sendTest}
          </button>
          <button type="button" className="button small" onClick={() => disable.mutate()} disabled={disable.isPending}>
            {t.disable}
          </button>
        </div>
      )}
      <ErrorNotice error={test.error ?? redeliver.error ?? disable.error} />
      {endpoint.deliveries.length > 0 && (
        <table className="requests" aria-label={t.deliveries}>
          <thead>
            <tr>
              <th>{t.event}</th>
              <th>{t.status}</th>
              <th>{t.lastAttempt}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {endpoint.deliveries.map((d) => {
              const last = d.attemptLog[0]
              return (
                <tr key={d.id} data-testid="webhook-delivery" data-status={d.status}>
                  <td data-label={t.event}>
                    {/* One box: below 640 px the cell lays its children out in a row beside its label. */}
                    <span>
                      {eventName(names, d.eventType)} <code className="small muted">{d.eventType}</code>{' '}
                      <span className="hint">{dateTime(d.createdAt)}</span>
                    </span>
                  </td>
                  <td data-label={t.status}>
                    {DELIVERY_STATUSES.includes(d.status)
                      ? t[d.status as 'pending' | 'delivered' | 'failed']
                      : d.status}{' '}
                    ·{' '}
                    {fillText(plural(locale, d.attempts, { one: t.attemptOne, other: t.attemptOther }), {
                      count: d.attempts,
                    })}
                    {d.nextAttemptAt && d.status === 'pending' && d.attempts > 0
                      ? ` · ${fillText(t.nextOn, { date: dateTime(d.nextAttemptAt) })}`
                      : ''}
                  </td>
                  <td data-label={t.lastAttempt}>
                    {last ? (
                      <span data-testid="webhook-last-attempt">
                        {last.statusCode === null || last.statusCode === undefined
                          ? fillText(t.noAnswer, { ms: last.durationMs })
                          : fillText(t.answered, { code: last.statusCode, ms: last.durationMs })}
                        {last.error ? ` · ${last.error}` : ''}
                        {last.responseExcerpt && (
                          <>
                            {' · '}
                            {fill(t.answerBody, {
                              body: <span className="mono small memo">{last.responseExcerpt.slice(0, 200)}</span>,
                            })}
                          </>
                        )}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {!endpoint.disabledAt && d.status !== 'pending' && (
                      <button
                        type="button"
                        className="button small"
                        onClick={() => redeliver.mutate(d.id)}
                        disabled={redeliver.isPending}
                      >
                        {t.redeliver}
                      </button>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </article>
  )
}
