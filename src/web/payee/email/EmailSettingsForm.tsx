import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { LanguageOptions } from '../../components/LanguageOptions.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, mutate, query } from '../../graphql/apiClient.ts'
import { useStore } from '@nanostores/react'
import { fillText } from '../../i18n/fill.tsx'
import { emailText, noticesText } from '../payeeMessages.ts'
import { MyEmailQuery, SetMyEmailMutation, useEmailEnabled } from './emailOperations.ts'

const KEY = ['my-email']

/** Where and in which language the payee hears of their requests, and about what; off, what it would add. */
export function EmailSettingsForm() {
  const t = useStore(emailText)
  const enabled = useEmailEnabled()
  return (
    <section className="card stack" aria-labelledby="email-title">
      <h2 id="email-title">{t.title}</h2>
      {enabled.data === false ? (
        <p className="hint" data-testid="email-off">
          {t.off}
        </p>
      ) : (
        enabled.data && <EmailForm />
      )}
    </section>
  )
}

function EmailForm() {
  const t = useStore(emailText)
  const noticeWords = useStore(noticesText)
  const client = useQueryClient()
  const current = useQuery({ queryKey: KEY, queryFn: () => query(MyEmailQuery) })
  const saved = current.data?.myEmail
  const [typed, setTyped] = useState<{ address?: string; language?: string; notices?: string[] }>({})
  const address = typed.address ?? saved?.address ?? ''
  const language = typed.language ?? saved?.language ?? 'en'
  const notices = typed.notices ??
    saved?.notices ?? ['paid', 'expired', 'refunded', 'webhook_failing', 'relayer_low', 'relayer_paused']
  const save = useMutation({
    mutationFn: async () => (await mutate(SetMyEmailMutation, { address, language, notices })).setMyEmail,
    onSuccess: (row) => {
      client.setQueryData(KEY, { ...current.data!, myEmail: row })
      setTyped({})
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const toggle = (notice: string) =>
    setTyped({
      ...typed,
      notices: notices.includes(notice) ? notices.filter((n) => n !== notice) : [...notices, notice],
    })
  return (
    <form className="form stack" onSubmit={submit} noValidate aria-label={t.notices}>
      <div className="row">
        <Field id="email-address" label={t.address} error={fieldErrorOf(save.error, 'address')}>
          <input
            id="email-address"
            type="email"
            autoComplete="email"
            value={address}
            onChange={(e) => setTyped({ ...typed, address: e.target.value })}
          />
        </Field>
        <div className="field">
          <label htmlFor="email-language">{t.language}</label>
          <select
            id="email-language"
            value={language}
            onChange={(e) => setTyped({ ...typed, language: e.target.value })}
          >
            <LanguageOptions />
          </select>
        </div>
      </div>
      <fieldset className="checks">
        <legend>{t.tellMe}</legend>
        {(current.data?.emailNotices ?? []).map((notice) => (
          <label key={notice}>
            <input type="checkbox" checked={notices.includes(notice)} onChange={() => toggle(notice)} />{' '}
            {(noticeWords as Record<string, string>)[notice] ?? notice}
          </label>
        ))}
      </fieldset>
      {saved && (
        <p role="status" data-testid="email-state">
          {saved.confirmed
            ? fillText(t.confirmed, { address: saved.address })
            : fillText(t.linkSent, { address: saved.address })}
        </p>
      )}
      <button type="submit" className="button primary" disabled={save.isPending}>
        {save.isPending ? t.saving : t.save}
      </button>
      {!fieldErrorOf(save.error, 'address') && <ErrorNotice error={save.error ?? current.error} />}
    </form>
  )
}
