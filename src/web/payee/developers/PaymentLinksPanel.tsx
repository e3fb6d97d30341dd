import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { delegationToSign } from '../../../domain/delegation.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, isFieldError, mutate, query } from '../../graphql/apiClient.ts'
import { useAssetChoice } from '../useAssetChoice.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import {
  CreatePaymentLinkMutation,
  LINKS_KEY,
  MyPaymentLinksQuery,
  PreparePaymentLinkMutation,
} from './merchantOperations.ts'
import { PaymentLinksTable } from './PaymentLinksTable.tsx'
import { linksText } from './developersText.ts'

/** Reusable links: a price, or a range the payer chooses in; each visit makes a fresh request. */
export function PaymentLinksPanel() {
  const t = useStore(linksText)
  const client = useQueryClient()
  const { connection } = useWalletCore()
  const links = useQuery({
    queryKey: LINKS_KEY,
    queryFn: async () => (await query(MyPaymentLinksQuery)).myPaymentLinks,
  })
  const [form, setForm] = useState({
    title: '',
    asset: '',
    kind: 'fixed' as 'fixed' | 'range',
    amount: '',
    minAmount: '',
    maxAmount: '',
    memo: '',
  })
  const set = (field: keyof typeof form) => (value: string) => setForm({ ...form, [field]: value })
  const { assets, chosen } = useAssetChoice(form.asset)
  const create = useMutation({
    mutationFn: async () => {
      const input = {
        title: form.title,
        chainId: chosen!.chainId,
        asset: chosen!.address,
        memo: form.memo,
        ...(form.kind === 'fixed' ? { amount: form.amount } : { minAmount: form.minAmount, maxAmount: form.maxAmount }),
      }
      const pending = (await mutate(PreparePaymentLinkMutation, { input })).preparePaymentLink
      const signature = await connection.signTypedData(delegationToSign(pending))
      return (await mutate(CreatePaymentLinkMutation, { id: pending.id, signature })).createPaymentLink
    },
    onSuccess: async () => {
      setForm({ ...form, title: '', amount: '', minAmount: '', maxAmount: '', memo: '' })
      await client.invalidateQueries({ queryKey: LINKS_KEY })
    },
  })
  const errorOf = (field: string) => fieldErrorOf(create.error, field)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (chosen) create.mutate()
  }
  return (
    <section className="card" aria-labelledby="links-title">
      <h2 id="links-title">{t.title}</h2>
      <p className="card-intro">{t.intro}</p>
      {links.data && links.data.length > 0 ? (
        <PaymentLinksTable links={links.data} />
      ) : (
        links.isSuccess && <p className="hint">{t.none}</p>
      )}
      <ErrorNotice error={links.error} />
      <h3 className="form-title">{t.newLink}</h3>
      <form className="form" onSubmit={submit} noValidate aria-label={t.newLink}>
        <div className="row">
          <Field id="link-title" label={t.linkTitle} error={errorOf('title')}>
            <input
              id="link-title"
              value={form.title}
              maxLength={60}
              placeholder={t.titlePlaceholder}
              onChange={(e) => set('title')(e.target.value)}
            />
          </Field>
          <div className="field">
            <label htmlFor="link-asset">{t.asset}</label>
            <select id="link-asset" value={chosen?.key ?? ''} onChange={(e) => set('asset')(e.target.value)}>
              {assets.map((a) => (
                <option key={a.key} value={a.key}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <LinkPriceFields form={form} set={set} errorOf={errorOf} />
        <Field id="link-memo" label={t.memo} error={errorOf('memo')}>
          <input id="link-memo" value={form.memo} onChange={(e) => set('memo')(e.target.value)} />
        </Field>
        <button type="submit" className="button primary" disabled={create.isPending || !chosen}>
          {create.isPending ? t.signInWallet : t.create}
        </button>
        {isFieldError(create.error, ['title', 'amount', 'minAmount', 'maxAmount', 'memo']) ? null : (
          <ErrorNotice error={create.error} />
        )}
      </form>
    </section>
  )
}

type PriceForm = { kind: 'fixed' | 'range'; amount: string; minAmount: string; maxAmount: string }

/** A fixed amount, or a range the payer chooses in. */
function LinkPriceFields({
  form,
  set,
  errorOf,
}: {
  form: PriceForm
  set: (field: keyof PriceForm) => (value: string) => void
  errorOf: (field: string) => string | undefined
}) {
  const t = useStore(linksText)
  return (
    <>
      <fieldset className="checks">
        <legend>{t.price}</legend>
        <label>
          <input type="radio" name="link-kind" checked={form.kind === 'fixed'} onChange={() => set('kind')('fixed')} />{' '}
          {t.fixed}
        </label>
        <label>
          <input type="radio" name="link-kind" checked={form.kind === 'range'} onChange={() => set('kind')('range')} />{' '}
          {t.range}
        </label>
      </fieldset>
      {form.kind === 'fixed' ? (
        <Field id="link-amount" label={t.amount} error={errorOf('amount')}>
          <input
            id="link-amount"
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => set('amount')(e.target.value)}
          />
        </Field>
      ) : (
        <div className="row">
          <Field id="link-min" label={t.minimum} error={errorOf('minAmount') ?? errorOf('amount')}>
            <input
              id="link-min"
              inputMode="decimal"
              value={form.minAmount}
              onChange={(e) => set('minAmount')(e.target.value)}
            />
          </Field>
          <Field id="link-max" label={t.maximum} error={errorOf('maxAmount')}>
            <input
              id="link-max"
              inputMode="decimal"
              value={form.maxAmount}
              onChange={(e) => set('maxAmount')(e.target.value)}
            />
          </Field>
        </div>
      )}
    </>
  )
}
