import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { delegationToSign } from '../../../domain/delegation.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, isFieldError, mutate } from '../../graphql/apiClient.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import {
  CreateScheduleMutation,
  MONTHS,
  PrepareScheduleMutation,
  SCHEDULES_KEY,
  WEEKDAYS,
} from './scheduleOperations.ts'

const FIELDS = ['amount', 'memo', 'payer', 'payerEmail', 'interval', 'day', 'month', 'startsOn', 'count', 'dueDays']
const today = () => new Date().toISOString().slice(0, 10)

type ScheduleForm = Record<
  'amount' | 'memo' | 'payer' | 'payerEmail' | 'interval' | 'day' | 'month' | 'startsOn' | 'count' | 'dueDays',
  string
>

/** The form as the API takes it: numbers where it wants numbers, empty optional fields left out. */
function scheduleInputOf(form: ScheduleForm, asset: { chainId: number; address: string }) {
  // Not a whole number: 0, which the server refuses naming the field (NaN would travel as null).
  const number = (text: string) => (Number.isSafeInteger(Number(text)) ? Number(text) : 0)
  const whole = (text: string) => (text.trim() === '' ? null : number(text))
  return {
    chainId: asset.chainId,
    asset: asset.address,
    amount: form.amount,
    memo: form.memo,
    payer: form.payer.trim() || null,
    payerEmail: form.payerEmail === '' ? null : form.payerEmail,
    interval: form.interval,
    day: number(form.day),
    month: form.interval === 'year' ? number(form.month) : null,
    startsOn: form.startsOn,
    count: whole(form.count),
    dueDays: whole(form.dueDays) ?? 14,
  }
}

/** A new schedule: its request's terms and its calendar; the wallet signs the schedule key's delegation once. */
export function NewScheduleForm() {
  const client = useQueryClient()
  const { connection } = useWalletCore()
  const chains = useChains()
  const assets = (chains.data ?? []).flatMap((c) =>
    c.assets.map((a) => ({
      key: `${c.id}:${a.address}`,
      chainId: c.id,
      address: a.address,
      symbol: a.symbol,
      label: `${a.symbol} on ${c.name}`,
    })),
  )
  const [form, setForm] = useState({
    asset: '',
    amount: '',
    memo: '',
    payer: '',
    payerEmail: '',
    interval: 'month',
    day: String(new Date().getUTCDate()),
    month: String(new Date().getUTCMonth() + 1),
    startsOn: today(),
    count: '',
    dueDays: '14',
  })
  const set = (field: keyof typeof form) => (value: string) => setForm({ ...form, [field]: value })
  const chosen = assets.find((a) => a.key === form.asset) ?? assets.find((a) => a.symbol === 'USDC') ?? assets[0]
  const create = useMutation({
    mutationFn: async () => {
      const input = scheduleInputOf(form, chosen!)
      const pending = (await mutate(PrepareScheduleMutation, { input })).prepareSchedule
      const signature = await connection.signTypedData(delegationToSign(pending))
      return (await mutate(CreateScheduleMutation, { id: pending.id, signature })).createSchedule
    },
    onSuccess: async () => {
      setForm({ ...form, amount: '', memo: '', payer: '', payerEmail: '', count: '' })
      await client.invalidateQueries({ queryKey: SCHEDULES_KEY })
    },
  })
  const errorOf = (field: string) => fieldErrorOf(create.error, field)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (chosen) create.mutate()
  }
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="new-schedule-title">
      <h2 id="new-schedule-title">New recurring request</h2>
      <div className="row">
        <Field id="schedule-amount" label="Amount each period" error={errorOf('amount')}>
          <input
            id="schedule-amount"
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => set('amount')(e.target.value)}
          />
        </Field>
        <div className="field">
          <label htmlFor="schedule-asset">Asset</label>
          <select id="schedule-asset" value={chosen?.key ?? ''} onChange={(e) => set('asset')(e.target.value)}>
            {assets.map((a) => (
              <option key={a.key} value={a.key}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field
        id="schedule-memo"
        label="Memo"
        error={errorOf('memo')}
        hint="Each request’s memo ends with its period’s first day."
      >
        <input id="schedule-memo" value={form.memo} onChange={(e) => set('memo')(e.target.value)} />
      </Field>
      <ScheduleCalendarFields form={form} set={set} errorOf={errorOf} />
      <div className="row">
        <Field id="schedule-starts" label="From" error={errorOf('startsOn')}>
          <input
            id="schedule-starts"
            type="date"
            min={today()}
            value={form.startsOn}
            onChange={(e) => set('startsOn')(e.target.value)}
          />
        </Field>
        <Field
          id="schedule-count"
          label="How many times (optional)"
          error={errorOf('count')}
          hint="Empty: until you stop it."
        >
          <input
            id="schedule-count"
            inputMode="numeric"
            value={form.count}
            onChange={(e) => set('count')(e.target.value)}
          />
        </Field>
        <Field id="schedule-due" label="Payable for (days)" error={errorOf('dueDays')}>
          <input
            id="schedule-due"
            inputMode="numeric"
            value={form.dueDays}
            onChange={(e) => set('dueDays')(e.target.value)}
          />
        </Field>
      </div>
      <div className="row">
        <Field id="schedule-payer" label="Only from this payer (optional)" error={errorOf('payer')}>
          <input
            id="schedule-payer"
            className="mono"
            spellCheck={false}
            value={form.payer}
            onChange={(e) => set('payer')(e.target.value)}
          />
        </Field>
        <Field
          id="schedule-email"
          label="Payer’s e-mail (optional)"
          error={errorOf('payerEmail')}
          hint="Each period’s request is sent there when this Billfold sends e-mail."
        >
          <input
            id="schedule-email"
            type="email"
            value={form.payerEmail}
            onChange={(e) => set('payerEmail')(e.target.value)}
          />
        </Field>
      </div>
      <button type="submit" className="button primary" disabled={create.isPending || !chosen}>
        {create.isPending ? 'Sign in your wallet…' : 'Create and sign'}
      </button>
      {isFieldError(create.error, FIELDS) ? null : <ErrorNotice error={create.error} />}
    </form>
  )
}

type CalendarForm = { interval: string; day: string; month: string }

/** Every week on a weekday, every month on a day, or every year on a month's day. */
function ScheduleCalendarFields({
  form,
  set,
  errorOf,
}: {
  form: CalendarForm
  set: (field: keyof CalendarForm) => (value: string) => void
  errorOf: (field: string) => string | undefined
}) {
  return (
    <div className="row">
      <div className="field">
        <label htmlFor="schedule-interval">Every</label>
        <select id="schedule-interval" value={form.interval} onChange={(e) => set('interval')(e.target.value)}>
          <option value="week">week</option>
          <option value="month">month</option>
          <option value="year">year</option>
        </select>
      </div>
      {form.interval === 'year' && (
        <div className="field">
          <label htmlFor="schedule-month">Month</label>
          <select id="schedule-month" value={form.month} onChange={(e) => set('month')(e.target.value)}>
            {MONTHS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      {form.interval === 'week' ? (
        <div className="field">
          <label htmlFor="schedule-day">On</label>
          <select id="schedule-day" value={form.day} onChange={(e) => set('day')(e.target.value)}>
            {WEEKDAYS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <Field
          id="schedule-day"
          label="On day"
          error={errorOf('day')}
          hint="A month without this day uses its last day (the 31st: 30 April, 28 or 29 February)."
        >
          <input id="schedule-day" inputMode="numeric" value={form.day} onChange={(e) => set('day')(e.target.value)} />
        </Field>
      )}
    </div>
  )
}
