import { useStore } from '@nanostores/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { delegationToSign } from '../../../domain/delegation.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { MoneyField, useMoneyReading } from '../../components/MoneyField.tsx'
import { fieldErrorOf, isFieldError, mutate } from '../../graphql/apiClient.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { scheduleFormText } from '../schedules/schedulesText.ts'
import { useAssetChoice } from '../useAssetChoice.ts'
import { CreatePlanMutation, PLANS_KEY, PreparePlanMutation } from './planOperations.ts'
import { planFormText } from './subscriptionsText.ts'

const FIELDS = ['amount', 'asset', 'name', 'interval', 'trialDays', 'count', 'endsOn']
const today = () => new Date().toISOString().slice(0, 10)
// Not a whole number: 0 for the trial, -1 for the count, which the server refuses naming the field.
const whole = (text: string, bad: number) =>
  text.trim() === '' ? null : Number.isSafeInteger(Number(text)) ? Number(text) : bad

/** A new plan: its charge, its period, an optional trial and end; the wallet signs the plan key's delegation once. */
export function NewPlanForm() {
  const t = useStore(planFormText)
  const words = useStore(scheduleFormText)
  const client = useQueryClient()
  const { connection } = useWalletCore()
  const [form, setForm] = useState({
    asset: '',
    amount: '',
    name: '',
    interval: 'month',
    trialDays: '',
    count: '',
    endsOn: '',
  })
  const set = (field: keyof typeof form) => (value: string) => setForm({ ...form, [field]: value })
  const choice = useAssetChoice(form.asset)
  // A permission caps a token per period: the native coin is not offered.
  const assets = choice.assets.filter((a) => a.address !== 'native')
  const chosen = assets.find((a) => a.key === choice.chosen?.key) ?? assets[0]
  const amount = useMoneyReading(form.amount, {
    symbol: chosen?.symbol ?? '',
    decimals: chosen?.decimals,
    required: true,
  })
  const [tried, setTried] = useState(false)
  const create = useMutation({
    mutationFn: async () => {
      const input = {
        chainId: chosen!.chainId,
        asset: chosen!.address,
        amount: amount.decimal,
        name: form.name,
        interval: form.interval,
        trialDays: whole(form.trialDays, -1),
        count: whole(form.count, -1),
        endsOn: form.endsOn || null,
      }
      const pending = (await mutate(PreparePlanMutation, { input })).preparePlan
      const signature = await connection.signTypedData(delegationToSign(pending))
      return (await mutate(CreatePlanMutation, { id: pending.id, signature })).createPlan
    },
    onSuccess: async () => {
      setTried(false)
      setForm({ ...form, amount: '', name: '', trialDays: '', count: '', endsOn: '' })
      await client.invalidateQueries({ queryKey: PLANS_KEY })
    },
  })
  const errorOf = (field: string) => fieldErrorOf(create.error, field)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (chosen && !amount.error) create.mutate()
  }
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="new-plan-title">
      <h2 id="new-plan-title">{t.title}</h2>
      <Field id="plan-name" label={t.name} error={errorOf('name')} hint={t.nameHint}>
        <input id="plan-name" value={form.name} onChange={(e) => set('name')(e.target.value)} />
      </Field>
      <div className="row">
        <MoneyField
          id="plan-amount"
          label={t.amount}
          typed={form.amount}
          reading={amount}
          symbol={chosen?.symbol ?? ''}
          error={(tried ? amount.error : undefined) ?? errorOf('amount')}
          onChange={set('amount')}
          onBlur={() => form.amount.trim() && setTried(true)}
        />
        <div className="field">
          <label htmlFor="plan-asset">{t.asset}</label>
          <select id="plan-asset" value={chosen?.key ?? ''} onChange={(e) => set('asset')(e.target.value)}>
            {assets.map((a) => (
              <option key={a.key} value={a.key}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="plan-interval">{t.every}</label>
          <select id="plan-interval" value={form.interval} onChange={(e) => set('interval')(e.target.value)}>
            <option value="week">{words.week}</option>
            <option value="month">{words.month}</option>
            <option value="year">{words.year}</option>
          </select>
        </div>
      </div>
      <div className="row">
        <Field id="plan-trial" label={t.trialDays} error={errorOf('trialDays')}>
          <input
            id="plan-trial"
            inputMode="numeric"
            value={form.trialDays}
            onChange={(e) => set('trialDays')(e.target.value)}
          />
        </Field>
        <Field id="plan-count" label={t.count} error={errorOf('count')} hint={t.countHint}>
          <input
            id="plan-count"
            inputMode="numeric"
            value={form.count}
            onChange={(e) => set('count')(e.target.value)}
          />
        </Field>
        <Field id="plan-ends" label={t.endsOn} error={errorOf('endsOn')}>
          <input
            id="plan-ends"
            type="date"
            min={today()}
            value={form.endsOn}
            onChange={(e) => set('endsOn')(e.target.value)}
          />
        </Field>
      </div>
      <button type="submit" className="button primary" disabled={create.isPending || !chosen}>
        {create.isPending ? t.signInWallet : t.create}
      </button>
      {isFieldError(create.error, FIELDS) ? null : <ErrorNotice error={create.error} />}
    </form>
  )
}
