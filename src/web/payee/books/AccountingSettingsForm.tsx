import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { ACCOUNT_ROLES, CHARTS, DEFAULT_ACCOUNTS, type AccountRole } from '../../../domain/books/chartOfAccounts.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, isFieldError } from '../../graphql/apiRequestError.ts'
import { mutate, query } from '../../graphql/apiClient.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { accountingSettingsText } from './booksText.ts'
import { MyAccountingSettingsQuery, SetAccountingSettingsMutation } from './booksOperations.ts'

type Draft = {
  chart: string
  consultantNumber: string
  clientNumber: string
  fiscalYearStart: string
  accountLength: string
  accounts: Record<AccountRole, string>
}

const FIELDS = ['chart', 'consultantNumber', 'clientNumber', 'fiscalYearStart', 'accountLength'] as const
const months = Array.from({ length: 12 }, (_, i) => i + 1)
/** A typed number as the API takes it: digits only, else a value the server names as wrong. */
const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : -1)

/** The DATEV chart, numbers, fiscal year and accounts the payee's DATEV export books with. */
export function AccountingSettingsForm() {
  const t = useStore(accountingSettingsText)
  const format = useFormat()
  const client = useQueryClient()
  const saved = useQuery({
    queryKey: ['accounting-settings'],
    queryFn: async () => (await query(MyAccountingSettingsQuery)).myAccountingSettings,
  })
  const [draft, setDraft] = useState<Draft | undefined>()
  const save = useMutation({
    mutationFn: async (input: Draft) =>
      (
        await mutate(SetAccountingSettingsMutation, {
          input: {
            chart: input.chart,
            consultantNumber: whole(input.consultantNumber),
            clientNumber: whole(input.clientNumber),
            fiscalYearStart: whole(input.fiscalYearStart),
            accountLength: whole(input.accountLength),
            accounts: ACCOUNT_ROLES.map((role) => ({ role, account: input.accounts[role] })),
          },
        })
      ).setAccountingSettings,
    onSuccess: (settings) => {
      client.setQueryData(['accounting-settings'], settings)
      setDraft(undefined)
    },
  })
  if (!saved.data) return null
  const own = (role: AccountRole) => saved.data.accounts.find((a) => a.role === role && a.own)?.account ?? ''
  const current: Draft = draft ?? {
    chart: saved.data.chart,
    consultantNumber: String(saved.data.consultantNumber),
    clientNumber: String(saved.data.clientNumber),
    fiscalYearStart: String(saved.data.fiscalYearStart),
    accountLength: String(saved.data.accountLength),
    accounts: Object.fromEntries(ACCOUNT_ROLES.map((role) => [role, own(role)])) as Record<AccountRole, string>,
  }
  const change = (next: Partial<Draft>) => {
    save.reset()
    setDraft({ ...current, ...next })
  }
  const error = (field: string) => fieldErrorOf(save.error, field)
  const chart = CHARTS.find((c) => c === current.chart) ?? 'SKR03'
  const length = Math.min(Math.max(whole(current.accountLength), 4), 8)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(current)
  }
  const monthName = (month: number) =>
    new Intl.DateTimeFormat(format.locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, month - 1, 1))
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="accounting-title">
      <h2 id="accounting-title">{t.title}</h2>
      <p className="hint">{t.intro}</p>
      <div className="row">
        <Field id="accounting-chart" label={t.chart} error={error('chart')}>
          <select id="accounting-chart" value={current.chart} onChange={(e) => change({ chart: e.target.value })}>
            {CHARTS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field id="accounting-fiscal-year" label={t.fiscalYearStart} error={error('fiscalYearStart')}>
          <select
            id="accounting-fiscal-year"
            value={current.fiscalYearStart}
            onChange={(e) => change({ fiscalYearStart: e.target.value })}
          >
            {months.map((m) => (
              <option key={m} value={String(m)}>
                {monthName(m)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="row">
        <Field id="accounting-consultant" label={t.consultantNumber} error={error('consultantNumber')}>
          <input
            id="accounting-consultant"
            inputMode="numeric"
            value={current.consultantNumber}
            onChange={(e) => change({ consultantNumber: e.target.value })}
          />
        </Field>
        <Field id="accounting-client" label={t.clientNumber} error={error('clientNumber')}>
          <input
            id="accounting-client"
            inputMode="numeric"
            value={current.clientNumber}
            onChange={(e) => change({ clientNumber: e.target.value })}
          />
        </Field>
        <Field id="accounting-length" label={t.accountLength} error={error('accountLength')}>
          <input
            id="accounting-length"
            inputMode="numeric"
            value={current.accountLength}
            onChange={(e) => change({ accountLength: e.target.value })}
          />
        </Field>
      </div>
      <fieldset className="stack">
        <legend>{t.accounts}</legend>
        <div className="row">
          {ACCOUNT_ROLES.map((role) => (
            <Field key={role} id={`accounting-${role}`} label={t[role]} error={error(`accounts.${role}`)}>
              <input
                id={`accounting-${role}`}
                inputMode="numeric"
                placeholder={DEFAULT_ACCOUNTS[chart][role].padEnd(length, '0')}
                value={current.accounts[role]}
                onChange={(e) => change({ accounts: { ...current.accounts, [role]: e.target.value } })}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {t.save}
        </button>
      </div>
      {save.isSuccess && (
        <p role="status" data-testid="accounting-saved">
          {t.saved}
        </p>
      )}
      {!isFieldError(save.error, [...FIELDS, ...ACCOUNT_ROLES.map((r) => `accounts.${r}`)]) && (
        <ErrorNotice error={save.error} />
      )}
    </form>
  )
}
