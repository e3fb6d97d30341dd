import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { Address } from 'viem'
import { fiatCurrency } from '../../../domain/currencies.ts'
import type { RequestBasicsDraft } from '../../../domain/paymentRequest.ts'
import { checkPricedRequestDraft, type PriceDraft } from '../../../domain/pricedRequest.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { MoneyField, useMoneyReading } from '../../components/MoneyField.tsx'
import { locale } from '../../i18n/i18n.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { DueDateField } from '../DueDateField.tsx'
import { MemoField, PayerField, readTyped } from '../RequestFields.tsx'
import { dueDatePresets } from '../dueDates.ts'
import { AcceptedTokensField, useRequestAssets } from './AcceptedTokensField.tsx'
import { CurrencyField, ToleranceField } from './PriceFields.tsx'
import { useCreatePricedRequest } from './pricedRequestOperations.ts'
import { inputErrorSentences } from '../../i18n/errorText.ts'
import { fillText } from '../../i18n/fill.tsx'
import { pricedFormText } from './pricedText.ts'

type Draft = RequestBasicsDraft & PriceDraft

const ids = {
  chainId: 'priced-chain',
  currency: 'priced-currency',
  price: 'priced-price',
  acceptedAssets: 'priced-assets',
  tolerance: 'priced-tolerance',
  payer: 'priced-payer',
  memo: 'priced-memo',
  dueAt: 'priced-due',
} as const

/**
 * A request priced in a currency: the payer chooses among the accepted tokens and pays at a quote
 * from the chain's price feeds. Checked as it is typed, by the same rules as the server.
 */
export function CreatePricedRequestForm({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  const t = useStore(pricedFormText)
  const chains = useChains()
  const code = useStore(locale)
  const firstChain = chains.data?.[0]
  const [draft, setDraft] = useState<Draft | undefined>()
  const [touched, setTouched] = useState<Partial<Record<keyof Draft, boolean>>>({})
  const current: Draft = draft ?? {
    chainId: String(firstChain?.id ?? ''),
    currency: 'EUR',
    price: '',
    acceptedAssets: [],
    tolerance: '',
    payer: '',
    memo: '',
    dueAt: dueDatePresets()[0]!.value,
  }
  const { assets, quotableAssets } = useRequestAssets(chains.data, Number(current.chainId))
  const price = useMoneyReading(current.price, {
    symbol: current.currency,
    decimals: fiatCurrency(current.currency)?.minorDigits,
    required: true,
  })
  const tolerance = current.tolerance.trim() ? readTyped(current.tolerance, code) : { decimal: '' }
  const checked = checkPricedRequestDraft(
    {
      ...current,
      price: price.decimal,
      tolerance: tolerance.decimal,
      dueAt: current.dueAt && new Date(current.dueAt).toISOString(),
    },
    { assets, quotable: quotableAssets, payee },
  )
  const errors: Partial<Record<keyof Draft, string>> = {
    ...(checked.ok ? {} : { ...inputErrorSentences(checked.errors), price: checked.errors.price }),
    ...(price.error && { price: price.error }),
    ...(tolerance.error && { tolerance: tolerance.error }),
  }
  const create = useCreatePricedRequest({
    checked,
    price: price.decimal,
    tolerance: tolerance.decimal,
    payee,
    walletChainId,
  })
  const set = (field: keyof Draft) => (value: string) =>
    setDraft({ ...current, [field]: value, ...(field === 'chainId' ? { acceptedAssets: [] } : {}) })
  const toggleAsset = (address: string, on: boolean) =>
    setDraft({
      ...current,
      acceptedAssets: on ? [...current.acceptedAssets, address] : current.acceptedAssets.filter((a) => a !== address),
    })
  const touch = (field: keyof Draft) => () => setTouched((t) => ({ ...t, [field]: true }))
  const errorFor = (field: keyof Draft) => (touched[field] ? errors[field] : undefined)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(Object.fromEntries(Object.keys(ids).map((k) => [k, true])))
    if (checked.ok && Object.keys(errors).length === 0) create.mutate()
  }
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="priced-title">
      <h1 id="priced-title">{t.title}</h1>
      <p className="hint">{t.intro}</p>
      <div className="row">
        <Field id={ids.chainId} label={t.chain} error={errorFor('chainId')}>
          <select id={ids.chainId} value={current.chainId} onChange={(e) => set('chainId')(e.target.value)}>
            {chains.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.testnet ? fillText(t.testNetwork, { name: c.name }) : c.name}
              </option>
            ))}
          </select>
        </Field>
        <CurrencyField
          id={ids.currency}
          value={current.currency}
          error={errorFor('currency')}
          onChange={set('currency')}
        />
      </div>
      <MoneyField
        id={ids.price}
        label={t.price}
        typed={current.price}
        reading={price}
        symbol={current.currency}
        error={errorFor('price')}
        onChange={set('price')}
        onBlur={touch('price')}
      />
      <AcceptedTokensField
        id={ids.acceptedAssets}
        assets={quotableAssets}
        chosen={current.acceptedAssets}
        error={errorFor('acceptedAssets')}
        onToggle={toggleAsset}
        onBlur={touch('acceptedAssets')}
      />
      <ToleranceField
        id={ids.tolerance}
        value={current.tolerance}
        error={errorFor('tolerance')}
        onChange={set('tolerance')}
        onBlur={touch('tolerance')}
      />
      <DueDateField
        id={ids.dueAt}
        value={current.dueAt}
        error={errorFor('dueAt')}
        onChange={set('dueAt')}
        onBlur={touch('dueAt')}
      />
      <PayerField
        id={ids.payer}
        value={current.payer}
        error={errorFor('payer')}
        onChange={set('payer')}
        onBlur={touch('payer')}
      />
      <MemoField
        id={ids.memo}
        value={current.memo}
        error={errorFor('memo')}
        onChange={set('memo')}
        onBlur={touch('memo')}
      />
      <ErrorNotice error={create.error} />
      <button type="submit" className="button primary" disabled={create.isPending || chains.isPending}>
        {create.isPending ? t.signing : t.submit}
      </button>
    </form>
  )
}
