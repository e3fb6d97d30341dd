import { useStore } from '@nanostores/react'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { useState, type FormEvent } from 'react'
import type { Address } from 'viem'
import {
  checkPaymentRequestDraft,
  MAX_MEMO_LENGTH,
  NATIVE_ASSET,
  type PaymentRequestDraft,
} from '../../domain/paymentRequest.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { fieldErrorOf } from '../graphql/apiClient.ts'
import { Field } from '../components/Field.tsx'
import { MoneyField, useMoneyReading } from '../components/MoneyField.tsx'
import { assetsOfChains, useChains } from '../requests/requestOperations.ts'
import { DueDateField } from './DueDateField.tsx'
import { dueDatePresets } from './dueDates.ts'
import { SameAmountWarning } from './SameAmountWarning.tsx'
import { MemoField, PayerField } from './RequestFields.tsx'
import { AcceptedChainsField, useAlsoAcceptedChains } from './AcceptedChainsField.tsx'
import { useCreateRequest } from './useCreateRequest.ts'
import { inputErrorSentences } from '../i18n/errorText.ts'
import { fillText } from '../i18n/fill.tsx'
import { createText } from './payeeMessages.ts'

const fieldIds = {
  chainId: 'request-chain',
  asset: 'request-asset',
  amount: 'request-amount',
  payer: 'request-payer',
  memo: 'request-memo',
  dueAt: 'request-due',
  acceptedChains: 'request-chains',
} as const

/** The payee's form: checked as it is typed, signed in the wallet, stored by the server. */
export function CreateRequestForm({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  const chains = useChains()
  const t = useStore(createText)
  useDocumentTitle(t.documentTitle)
  const chainAssetsOf = (chainId: string) => chains.data?.find((c) => String(c.id) === chainId)?.assets ?? []
  const assets = assetsOfChains(chains.data)
  const firstChain = chains.data?.[0]
  const [draft, setDraft] = useState<PaymentRequestDraft | undefined>()
  const [touched, setTouched] = useState<Partial<Record<keyof PaymentRequestDraft, boolean>>>({})
  const current: PaymentRequestDraft = draft ?? {
    chainId: String(firstChain?.id ?? ''),
    asset: firstChain?.assets.find((a) => a.symbol === 'USDC')?.address ?? NATIVE_ASSET,
    amount: '',
    payer: '',
    memo: '',
    dueAt: dueDatePresets()[0]!.value,
  }
  const chosenAsset = chainAssetsOf(current.chainId).find((a) => a.address === current.asset)
  // Typed the person's way (a decimal comma in German), sent as a plain decimal.
  const typed = useMoneyReading(current.amount, {
    symbol: chosenAsset?.symbol ?? '',
    decimals: chosenAsset?.decimals,
    required: true,
  })
  const checked = checkPaymentRequestDraft(
    { ...current, amount: typed.decimal, dueAt: current.dueAt && new Date(current.dueAt).toISOString() },
    {
      assets,
      payee,
    },
  )
  const errors = {
    // How an amount is typed is said by the amount's own reader, precisely; the other fields by the catalog.
    ...(checked.ok ? {} : { ...inputErrorSentences(checked.errors), amount: checked.errors.amount }),
    ...(typed.error && { amount: typed.error }),
  }
  const amountOk = !errors.amount && !errors.asset && !errors.chainId && typed.decimal !== ''
  const alsoOn = useAlsoAcceptedChains(assets, current)
  const create = useCreateRequest({ checked, amount: typed.decimal, payee, walletChainId, alsoOn: alsoOn.chosen })
  const symbol = chosenAsset?.symbol ?? ''

  const set = (field: keyof PaymentRequestDraft) => (value: string) => {
    const next = { ...current, [field]: value }
    if (field === 'chainId')
      next.asset =
        chains.data?.find((c) => String(c.id) === value)?.assets.find((a) => a.symbol === 'USDC')?.address ??
        NATIVE_ASSET
    setDraft(next)
  }
  const touch = (field: keyof PaymentRequestDraft) => () => setTouched((t) => ({ ...t, [field]: true }))
  // A memo over the limit is said at once, while typing, not only on leaving the field.
  const errorFor = (field: keyof PaymentRequestDraft) =>
    touched[field] || (field === 'memo' && [...current.memo].length > MAX_MEMO_LENGTH) ? errors[field] : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched({ chainId: true, asset: true, amount: true, payer: true, memo: true, dueAt: true })
    if (checked.ok && !typed.error) create.mutate()
  }

  const chainAssets = chainAssetsOf(current.chainId)
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="create-title">
      <h1 id="create-title">{t.title}</h1>
      <div className="row">
        <Field id={fieldIds.chainId} label={t.chain} error={errorFor('chainId')}>
          <select
            id={fieldIds.chainId}
            value={current.chainId}
            onChange={(e) => set('chainId')(e.target.value)}
            onBlur={touch('chainId')}
          >
            {chains.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.testnet ? fillText(t.testNetwork, { name: c.name }) : c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fieldIds.asset} label={t.asset} error={errorFor('asset')}>
          <select
            id={fieldIds.asset}
            value={current.asset}
            onChange={(e) => set('asset')(e.target.value)}
            onBlur={touch('asset')}
          >
            {chainAssets.map((a) => (
              <option key={a.address} value={a.address}>
                {a.symbol}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <MoneyField
        id={fieldIds.amount}
        label={t.amount}
        typed={current.amount}
        reading={typed}
        symbol={symbol}
        error={errorFor('amount') ?? fieldErrorOf(create.error, 'amount')}
        onChange={set('amount')}
        onBlur={touch('amount')}
      />
      <AcceptedChainsField
        id={fieldIds.acceptedChains}
        symbol={symbol}
        choice={alsoOn}
        error={fieldErrorOf(create.error, 'acceptedChains')}
      />
      <SameAmountWarning
        enabled={amountOk}
        chains={[{ chainId: Number(current.chainId), asset: current.asset }, ...alsoOn.chosen]}
        amount={typed.decimal}
      />
      <DueDateField
        id={fieldIds.dueAt}
        value={current.dueAt}
        error={errorFor('dueAt')}
        onChange={set('dueAt')}
        onBlur={touch('dueAt')}
      />
      <PayerField
        id={fieldIds.payer}
        value={current.payer}
        error={errorFor('payer')}
        onChange={set('payer')}
        onBlur={touch('payer')}
      />
      <MemoField
        id={fieldIds.memo}
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
