import { useStore } from '@nanostores/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { fiatCurrency } from '../../../domain/currencies.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { MoneyField, useMoneyReading } from '../../components/MoneyField.tsx'
import { fieldErrorOf, isFieldError, mutate } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { ChangePlanMutation, PLANS_KEY } from './planOperations.ts'
import { plansPageText } from './subscriptionsText.ts'

type Plan = { id: string; name: string; symbol: string; decimals: number; currency?: string | null }

/** A plan's new charge (a token amount, or a priced plan's price), from each subscriber's next period on. */
export function PlanChangeForm({ plan }: { plan: Plan }) {
  const t = useStore(plansPageText)
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [tried, setTried] = useState(false)
  const priced = Boolean(plan.currency)
  const unit = priced ? plan.currency! : plan.symbol
  const reading = useMoneyReading(typed, {
    symbol: unit,
    decimals: priced ? fiatCurrency(plan.currency!)?.minorDigits : plan.decimals,
    required: true,
  })
  const field = priced ? 'price' : 'amount'
  const change = useMutation({
    mutationFn: () => mutate(ChangePlanMutation, { id: plan.id, input: { [field]: reading.decimal } }),
    onSuccess: async () => {
      setOpen(false)
      setTyped('')
      setTried(false)
      await client.invalidateQueries({ queryKey: PLANS_KEY })
    },
  })
  if (!open)
    return (
      <p>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t.change}
        </button>
      </p>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!reading.error) change.mutate()
  }
  const id = `plan-change-${plan.id}`
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={fillText(t.changeTitle, { name: plan.name })}>
      <MoneyField
        id={id}
        label={priced ? t.newPrice : t.newAmount}
        typed={typed}
        reading={reading}
        symbol={unit}
        error={(tried ? reading.error : undefined) ?? fieldErrorOf(change.error, field)}
        onChange={setTyped}
        onBlur={() => typed.trim() && setTried(true)}
      />
      <p className="hint">{t.changeHint}</p>
      <p className="cluster">
        <button type="submit" className="button primary" disabled={change.isPending}>
          {change.isPending ? t.saving : t.save}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t.keep}
        </button>
      </p>
      {isFieldError(change.error, [field]) ? null : <ErrorNotice error={change.error} />}
    </form>
  )
}
