import { useStore } from '@nanostores/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { delegationToSign } from '../../../domain/delegation.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { MoneyField, useMoneyReading } from '../../components/MoneyField.tsx'
import { fieldErrorOf, isFieldError, mutate } from '../../graphql/apiClient.ts'
import { useAssetChoice } from '../useAssetChoice.ts'
import { useSession } from '../../auth/useSession.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { PayerEmailFields, ScheduleCalendarFields } from './ScheduleFormParts.tsx'
import { locale } from '../../i18n/i18n.ts'
import { scheduleFormText } from './schedulesText.ts'
import { CreateScheduleMutation, PrepareScheduleMutation, SCHEDULES_KEY } from './scheduleOperations.ts'

const FIELDS = ['amount', 'memo', 'payer', 'payerEmail', 'interval', 'day', 'month', 'startsOn', 'count', 'dueDays']
const today = () => new Date().toISOString().slice(0, 10)

type ScheduleForm = Record<
  | 'amount'
  | 'memo'
  | 'payer'
  | 'payerEmail'
  | 'payerLanguage'
  | 'interval'
  | 'day'
  | 'month'
  | 'startsOn'
  | 'count'
  | 'dueDays',
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
    payerLanguage: form.payerLanguage,
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
  const t = useStore(scheduleFormText)
  // A member's wallet signs nothing here: the members' delegate the owner authorised signs for it.
  const owner = useSession().data?.role === 'owner'
  const code = useStore(locale)
  const client = useQueryClient()
  const { connection } = useWalletCore()
  const [form, setForm] = useState({
    asset: '',
    amount: '',
    memo: '',
    payer: '',
    payerEmail: '',
    payerLanguage: code,
    interval: 'month',
    day: String(new Date().getUTCDate()),
    month: String(new Date().getUTCMonth() + 1),
    startsOn: today(),
    count: '',
    dueDays: '14',
  })
  const set = (field: keyof typeof form) => (value: string) => setForm({ ...form, [field]: value })
  const { assets, chosen } = useAssetChoice(form.asset)
  // Typed the payee's way ("1.000,50" in German), sent as a plain decimal.
  const amount = useMoneyReading(form.amount, {
    symbol: chosen?.symbol ?? '',
    decimals: chosen?.decimals,
    required: true,
  })
  const [tried, setTried] = useState(false)
  const create = useMutation({
    mutationFn: async () => {
      const input = { ...scheduleInputOf(form, chosen!), amount: amount.decimal }
      const pending = (await mutate(PrepareScheduleMutation, { input })).prepareSchedule
      // A member's schedule is signed by the members' delegate the owner authorised: the member's wallet signs nothing.
      const signature = pending.walletSigns ? await connection.signTypedData(delegationToSign(pending)) : null
      return (await mutate(CreateScheduleMutation, { id: pending.id, signature })).createSchedule
    },
    onSuccess: async () => {
      setTried(false)
      setForm({ ...form, amount: '', memo: '', payer: '', payerEmail: '', count: '' })
      await client.invalidateQueries({ queryKey: SCHEDULES_KEY })
    },
  })
  const errorOf = (field: string) => fieldErrorOf(create.error, field)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (chosen && !amount.error) create.mutate()
  }
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="new-schedule-title">
      <h2 id="new-schedule-title">{t.title}</h2>
      <div className="row">
        <MoneyField
          id="schedule-amount"
          label={t.amount}
          typed={form.amount}
          reading={amount}
          symbol={chosen?.symbol ?? ''}
          error={(tried ? amount.error : undefined) ?? errorOf('amount')}
          onChange={set('amount')}
          onBlur={() => form.amount.trim() && setTried(true)}
        />
        <div className="field">
          <label htmlFor="schedule-asset">{t.asset}</label>
          <select id="schedule-asset" value={chosen?.key ?? ''} onChange={(e) => set('asset')(e.target.value)}>
            {assets.map((a) => (
              <option key={a.key} value={a.key}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field id="schedule-memo" label={t.memo} error={errorOf('memo')} hint={t.memoHint}>
        <input id="schedule-memo" value={form.memo} onChange={(e) => set('memo')(e.target.value)} />
      </Field>
      <ScheduleCalendarFields form={form} set={set} errorOf={errorOf} />
      <div className="row">
        <Field id="schedule-starts" label={t.from} error={errorOf('startsOn')}>
          <input
            id="schedule-starts"
            type="date"
            min={today()}
            value={form.startsOn}
            onChange={(e) => set('startsOn')(e.target.value)}
          />
        </Field>
        <Field id="schedule-count" label={t.count} error={errorOf('count')} hint={t.countHint}>
          <input
            id="schedule-count"
            inputMode="numeric"
            value={form.count}
            onChange={(e) => set('count')(e.target.value)}
          />
        </Field>
        <Field id="schedule-due" label={t.dueDays} error={errorOf('dueDays')}>
          <input
            id="schedule-due"
            inputMode="numeric"
            value={form.dueDays}
            onChange={(e) => set('dueDays')(e.target.value)}
          />
        </Field>
      </div>
      <div className="row">
        <Field id="schedule-payer" label={t.payer} error={errorOf('payer')}>
          <input
            id="schedule-payer"
            className="mono"
            spellCheck={false}
            value={form.payer}
            onChange={(e) => set('payer')(e.target.value)}
          />
        </Field>
        <PayerEmailFields form={form} set={set} errorOf={errorOf} />
      </div>
      <button type="submit" className="button primary" disabled={create.isPending || !chosen}>
        {owner
          ? create.isPending
            ? t.signInWallet
            : t.create
          : create.isPending
            ? t.creatingAsMember
            : t.createAsMember}
      </button>
      {isFieldError(create.error, FIELDS) ? null : <ErrorNotice error={create.error} />}
    </form>
  )
}
