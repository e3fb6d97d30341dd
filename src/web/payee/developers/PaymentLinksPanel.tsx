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

/** Reusable links: a price, or a range the payer chooses in; each visit makes a fresh request. */
export function PaymentLinksPanel() {
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
      <h2 id="links-title">Payment links</h2>
      <p className="card-intro">
        A link to share anywhere: each payer who opens it gets a fresh request, signed for you by the link’s own key
        (your wallet signs once).
      </p>
      {links.data && links.data.length > 0 ? (
        <PaymentLinksTable links={links.data} />
      ) : (
        links.isSuccess && <p className="hint">No payment links yet.</p>
      )}
      <ErrorNotice error={links.error} />
      <h3 className="form-title">New payment link</h3>
      <form className="form" onSubmit={submit} noValidate aria-label="New payment link">
        <div className="row">
          <Field id="link-title" label="Title" error={errorOf('title')}>
            <input
              id="link-title"
              value={form.title}
              maxLength={60}
              placeholder="Donation"
              onChange={(e) => set('title')(e.target.value)}
            />
          </Field>
          <div className="field">
            <label htmlFor="link-asset">Asset</label>
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
        <Field id="link-memo" label="Memo (optional)" error={errorOf('memo')}>
          <input id="link-memo" value={form.memo} onChange={(e) => set('memo')(e.target.value)} />
        </Field>
        <button type="submit" className="button primary" disabled={create.isPending || !chosen}>
          {create.isPending ? 'Sign in your wallet…' : 'Create link and sign'}
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
  return (
    <>
      <fieldset className="checks">
        <legend>Price</legend>
        <label>
          <input type="radio" name="link-kind" checked={form.kind === 'fixed'} onChange={() => set('kind')('fixed')} />{' '}
          A fixed amount
        </label>
        <label>
          <input type="radio" name="link-kind" checked={form.kind === 'range'} onChange={() => set('kind')('range')} />{' '}
          The payer chooses, between a minimum and a maximum
        </label>
      </fieldset>
      {form.kind === 'fixed' ? (
        <Field id="link-amount" label="Amount" error={errorOf('amount')}>
          <input
            id="link-amount"
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => set('amount')(e.target.value)}
          />
        </Field>
      ) : (
        <div className="row">
          <Field id="link-min" label="Minimum" error={errorOf('minAmount') ?? errorOf('amount')}>
            <input
              id="link-min"
              inputMode="decimal"
              value={form.minAmount}
              onChange={(e) => set('minAmount')(e.target.value)}
            />
          </Field>
          <Field id="link-max" label="Maximum" error={errorOf('maxAmount')}>
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
