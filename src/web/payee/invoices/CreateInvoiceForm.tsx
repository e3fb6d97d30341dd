import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Address } from 'viem'
import { Link } from 'wouter'
import { fiatCurrencies } from '../../../domain/currencies.ts'
import { dueDateAfter, isoDate, type InvoiceLineDraft } from '../../../domain/invoice/invoiceDraft.ts'
import type { PartyDraft } from '../../../domain/invoice/invoiceParty.ts'
import { invoiceRequest, type InvoiceRequestDraft } from '../../../domain/invoice/invoiceRequest.ts'
import { LanguageOptions } from '../../components/LanguageOptions.tsx'
import { newPaymentReference } from '../../../domain/paymentReference.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { query } from '../../graphql/apiClient.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { useRequestAssets } from '../priced/AcceptedTokensField.tsx'
import { InvoicePricingFields } from './InvoicePricingFields.tsx'
import { useTypedLines } from './typedLines.ts'
import { firstLines, InvoiceLinesField } from './InvoiceLinesField.tsx'
import { InvoiceTotals } from '../../pay/invoice/InvoiceTotals.tsx'
import { BuyerFields } from './BuyerFields.tsx'
import { EInvoiceFields, type EInvoiceDraft } from './EInvoiceFields.tsx'
import { MySellerDetailsQuery, useCreateInvoice } from './invoiceOperations.ts'
import { inputErrorSentences } from '../../i18n/errorText.ts'
import { invoiceFormText } from './invoicesText.ts'
import { fill, fillText } from '../../i18n/fill.tsx'
import { locale } from '../../i18n/i18n.ts'

type Form = {
  chainId: string
  /** A currency code, or a token's address on the chain. */
  unit: string
  acceptedAssets: string[]
  buyer: PartyDraft
  lines: InvoiceLineDraft[]
  issueDate: string
  dueDate: string
  notes: string
  language: string
} & EInvoiceDraft

/**
 * An invoice: the buyer, the lines and their tax, priced in a currency (paid at quotes in the tokens
 * chosen) or in one token. Totals follow the lines as they are typed, by the same rules as the server;
 * the wallet signs the whole document with the number shown.
 */
export function CreateInvoiceForm({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  const t = useStore(invoiceFormText)
  const code = useStore(locale)
  const chains = useChains()
  const seller = useQuery({
    queryKey: ['seller-details'],
    queryFn: async () => (await query(MySellerDetailsQuery)).mySellerDetails,
  })
  const [reference] = useState(newPaymentReference)
  const [form, setForm] = useState<Form | undefined>()
  const [submitted, setSubmitted] = useState(false)
  const [today] = useState(() => new Date())
  const terms = seller.data?.paymentTermsDays ?? 14
  const current: Form = form ?? {
    chainId: String(chains.data?.[0]?.id ?? ''),
    unit: 'EUR',
    acceptedAssets: [],
    buyer: { name: '', address: '', taxId: '', email: '', postcode: '', city: '', country: '', vatId: '' },
    lines: firstLines(),
    issueDate: isoDate(today),
    dueDate: dueDateAfter(isoDate(today), terms),
    notes: '',
    language: code,
    buyerReference: '',
    paymentTerms: '',
    deliveryDate: '',
    periodStart: '',
    periodEnd: '',
    exemptionReason: '',
    exemptionCode: '',
  }
  const { assets, quotableAssets } = useRequestAssets(chains.data, Number(current.chainId))
  const inCurrency = fiatCurrencies.some((c) => c.code === current.unit)
  const symbol = inCurrency ? current.unit : (assets.find((a) => a.address === current.unit)?.symbol ?? '')
  const typedLines = useTypedLines(current.lines, symbol)
  const draft: InvoiceRequestDraft = {
    ...current,
    lines: typedLines.plainLines,
    payer: '',
    rounding: seller.data?.rounding ?? 'line',
    pricing: inCurrency
      ? { currency: current.unit, acceptedAssets: current.acceptedAssets, tolerance: '' }
      : { asset: current.unit },
  }
  const number = seller.data?.nextNumber ?? ''
  const made = invoiceRequest(draft, {
    number,
    seller: {
      name: seller.data?.legalName ?? '',
      address: seller.data?.address ?? '',
      taxId: seller.data?.taxId ?? '',
      email: seller.data?.email ?? '',
      postcode: seller.data?.postcode ?? '',
      city: seller.data?.city ?? '',
      country: seller.data?.country ?? '',
      vatId: seller.data?.vatId ?? '',
      phone: seller.data?.phone ?? '',
    },
    payee,
    reference,
    assets,
    quotable: quotableAssets,
  })
  const errors = submitted && !made.ok ? inputErrorSentences(made.errors) : {}
  const create = useCreateInvoice({ draft, made, number, walletChainId })
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    create.reset()
    setForm({ ...current, [field]: value })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (made.ok) create.mutate()
  }
  if (seller.isPending || chains.isPending) return <p role="status">{t.loading}</p>
  if (!seller.data)
    return (
      <p className="card notice" data-testid="seller-first">
        {fill(t.sellerFirst, { link: <Link href="/settings">{t.sellerLink}</Link> })}
      </p>
    )
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="invoice-title">
      <h1 id="invoice-title">{fillText(t.title, { number })}</h1>
      <BuyerFields buyer={current.buyer} errors={errors} onChange={(buyer) => set('buyer', buyer)} />
      <InvoiceLinesField
        lines={current.lines}
        readings={typedLines.readings}
        symbol={symbol}
        errors={errors}
        onChange={(lines) => set('lines', lines)}
      />
      <InvoicePricingFields
        chains={chains.data ?? []}
        chainId={current.chainId}
        unit={current.unit}
        acceptedAssets={current.acceptedAssets}
        assets={assets}
        quotableAssets={quotableAssets}
        errors={errors}
        onChange={(change) => {
          create.reset()
          setForm({ ...current, ...change })
        }}
      />
      <div className="row">
        <Field id="invoice-issued" label={t.issueDate} error={errors.issueDate}>
          <input
            id="invoice-issued"
            type="date"
            value={current.issueDate}
            onChange={(e) => set('issueDate', e.target.value)}
          />
        </Field>
        <Field id="invoice-due" label={t.dueDate} error={errors.dueDate}>
          <input
            id="invoice-due"
            type="date"
            value={current.dueDate}
            onChange={(e) => set('dueDate', e.target.value)}
          />
        </Field>
        <Field id="invoice-language" label={t.language} error={errors.language}>
          <select id="invoice-language" value={current.language} onChange={(e) => set('language', e.target.value)}>
            <LanguageOptions />
          </select>
        </Field>
      </div>
      <Field id="invoice-notes" label={t.notes} error={errors.notes}>
        <textarea id="invoice-notes" rows={2} value={current.notes} onChange={(e) => set('notes', e.target.value)} />
      </Field>
      <EInvoiceFields values={current} errors={errors} onChange={(field, value) => set(field, value)} />
      {made.ok && (
        <InvoiceTotals
          document={made.invoice.document}
          locale={code}
          labels={{ net: t.net, taxAt: t.taxAt, total: t.total }}
        />
      )}
      <ErrorNotice error={create.error} />
      <button type="submit" className="button primary" disabled={create.isPending}>
        {create.isPending ? t.signing : fillText(t.submit, { number })}
      </button>
    </form>
  )
}
