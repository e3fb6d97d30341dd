import { useStore } from '@nanostores/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { delegationToSign } from '../../../domain/delegation.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fiatCurrency } from '../../../domain/currencies.ts'
import { MoneyField, useMoneyReading, type MoneyReading } from '../../components/MoneyField.tsx'
import { locale } from '../../i18n/i18n.ts'
import { CurrencyField, ToleranceField } from '../priced/PriceFields.tsx'
import { readTyped } from '../RequestFields.tsx'
import { fieldErrorOf, isFieldError, mutate } from '../../graphql/apiClient.ts'
import { useSession } from '../../auth/useSession.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { scheduleFormText } from '../schedules/schedulesText.ts'
import { useAssetChoice } from '../useAssetChoice.ts'
import { CreatePlanMutation, PLANS_KEY, PreparePlanMutation } from './planOperations.ts'
import { planFormText } from './subscriptionsText.ts'

const FIELDS = ['amount', 'currency', 'price', 'tolerance', 'asset', 'name', 'interval', 'trialDays', 'count', 'endsOn']
const EMPTY = { kind: 'token', asset: '', amount: '', currency: 'EUR', price: '', tolerance: '' }
const EMPTY_TERMS = { name: '', interval: 'month', trialDays: '', count: '', endsOn: '' }
const today = () => new Date().toISOString().slice(0, 10)
// Not a whole number: 0 for the trial, -1 for the count, which the server refuses naming the field.
const whole = (text: string, bad: number) =>
  text.trim() === '' ? null : Number.isSafeInteger(Number(text)) ? Number(text) : bad

/** A new plan: its charge, its period, an optional trial and end; the wallet signs the plan key's delegation once. */
export function NewPlanForm() {
  const t = useStore(planFormText)
  const words = useStore(scheduleFormText)
  // A member's wallet signs nothing here: the members' delegate the owner authorised signs for it.
  const owner = useSession().data?.role === 'owner'
  const client = useQueryClient()
  const { connection } = useWalletCore()
  const code = useStore(locale)
  const [form, setForm] = useState({ ...EMPTY, ...EMPTY_TERMS })
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
  const priced = form.kind === 'currency'
  const price = useMoneyReading(form.price, {
    symbol: form.currency,
    decimals: fiatCurrency(form.currency)?.minorDigits,
    required: true,
  })
  const tolerance = form.tolerance.trim() ? readTyped(form.tolerance, code) : { decimal: '' }
  const reading = priced ? price : amount
  const [tried, setTried] = useState(false)
  const create = useMutation({
    mutationFn: async () => {
      const input = {
        chainId: chosen!.chainId,
        asset: chosen!.address,
        ...(priced
          ? { currency: form.currency, price: price.decimal, tolerance: tolerance.decimal }
          : { amount: amount.decimal }),
        name: form.name,
        interval: form.interval,
        trialDays: whole(form.trialDays, -1),
        count: whole(form.count, -1),
        endsOn: form.endsOn || null,
      }
      const pending = (await mutate(PreparePlanMutation, { input })).preparePlan
      // A member's plan is signed for by the members' delegate the owner authorised: the member's wallet signs nothing.
      const signature = pending.walletSigns ? await connection.signTypedData(delegationToSign(pending)) : null
      return (await mutate(CreatePlanMutation, { id: pending.id, signature })).createPlan
    },
    onSuccess: async () => {
      setTried(false)
      setForm({ ...form, amount: '', price: '', tolerance: '', name: '', trialDays: '', count: '', endsOn: '' })
      await client.invalidateQueries({ queryKey: PLANS_KEY })
    },
  })
  const errorOf = (field: string) => fieldErrorOf(create.error, field)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (chosen && !reading.error && !(priced && tolerance.error)) create.mutate()
  }
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="new-plan-title">
      <h2 id="new-plan-title">{t.title}</h2>
      <Field id="plan-name" label={t.name} error={errorOf('name')} hint={t.nameHint}>
        <input id="plan-name" value={form.name} onChange={(e) => set('name')(e.target.value)} />
      </Field>
      <ChargeKindField value={form.kind} onChange={set('kind')} />
      {priced && (
        <PlanPriceFields
          form={form}
          set={set}
          price={price}
          toleranceError={tried ? tolerance.error : undefined}
          tried={tried}
          errorOf={errorOf}
          onTried={() => setTried(true)}
        />
      )}
      <div className="row">
        {!priced && (
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
        )}
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

/** A priced plan's currency, price and tolerance: the fields a priced request's form has. */
function PlanPriceFields({
  form,
  set,
  price,
  toleranceError,
  tried,
  errorOf,
  onTried,
}: {
  form: { currency: string; price: string; tolerance: string }
  set: (field: 'currency' | 'price' | 'tolerance') => (value: string) => void
  price: MoneyReading
  toleranceError: string | undefined
  tried: boolean
  errorOf: (field: string) => string | undefined
  onTried: () => void
}) {
  const t = useStore(planFormText)
  return (
    <div className="row">
      <CurrencyField id="plan-currency" value={form.currency} error={errorOf('currency')} onChange={set('currency')} />
      <MoneyField
        id="plan-price"
        label={t.price}
        typed={form.price}
        reading={price}
        symbol={form.currency}
        hint={t.priceHint}
        error={(tried ? price.error : undefined) ?? errorOf('price')}
        onChange={set('price')}
        onBlur={() => form.price.trim() && onTried()}
      />
      <ToleranceField
        id="plan-tolerance"
        value={form.tolerance}
        error={toleranceError ?? errorOf('tolerance')}
        onChange={set('tolerance')}
      />
    </div>
  )
}

/** Whether the plan charges an amount of its token or a price in a currency, quoted at each charge. */
function ChargeKindField({ value, onChange }: { value: string; onChange: (kind: string) => void }) {
  const t = useStore(planFormText)
  return (
    <div className="field">
      <label htmlFor="plan-kind">{t.chargeIn}</label>
      <select id="plan-kind" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="token">{t.inToken}</option>
        <option value="currency">{t.inCurrency}</option>
      </select>
    </div>
  )
}
