import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import {
  DEFAULT_NUMBER_PATTERN,
  invoiceNumber,
  numberPatternProblem,
  sequenceOf,
} from '../../../domain/invoice/invoiceNumber.ts'
import { checkSellerDraft, type SellerDraft } from '../../../domain/invoice/sellerDraft.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { mutate, query } from '../../graphql/apiClient.ts'
import { MySellerDetailsQuery, SetSellerDetailsMutation } from './invoiceOperations.ts'
import { inputErrorSentences } from '../../i18n/errorText.ts'
import { fillText } from '../../i18n/fill.tsx'
import { sellerText } from './invoicesText.ts'
import { PostalFields } from './PostalFields.tsx'

type Draft = Required<Omit<SellerDraft, 'paymentTermsDays'>> & { paymentTermsDays: string }

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/** The payee as a seller: what every invoice prints, the terms, and how invoices are numbered. */
export function SellerDetailsForm() {
  const t = useStore(sellerText)
  const client = useQueryClient()
  const saved = useQuery({
    queryKey: ['seller-details'],
    queryFn: async () => (await query(MySellerDetailsQuery)).mySellerDetails,
  })
  const [draft, setDraft] = useState<Draft | undefined>()
  const [logo, setLogo] = useState<string | undefined>()
  const [submitted, setSubmitted] = useState(false)
  const current: Draft = draft ?? {
    legalName: saved.data?.legalName ?? '',
    address: saved.data?.address ?? '',
    taxId: saved.data?.taxId ?? '',
    email: saved.data?.email ?? '',
    postcode: saved.data?.postcode ?? '',
    city: saved.data?.city ?? '',
    country: saved.data?.country ?? '',
    vatId: saved.data?.vatId ?? '',
    phone: saved.data?.phone ?? '',
    paymentTermsDays: String(saved.data?.paymentTermsDays ?? 14),
    numberPattern: saved.data?.numberPattern ?? DEFAULT_NUMBER_PATTERN,
    rounding: saved.data?.rounding ?? 'line',
  }
  const terms = /^\d{1,3}$/.test(current.paymentTermsDays) ? Number(current.paymentTermsDays) : -1
  const checked = checkSellerDraft({ ...current, paymentTermsDays: terms })
  const errors: Record<string, string> = submitted && !checked.ok ? inputErrorSentences(checked.errors, 'seller') : {}
  // The next number as the pattern being typed makes it: the sequence stays, only its dress changes.
  const sequence = saved.data ? sequenceOf(saved.data.numberPattern, saved.data.nextNumber) : 1
  const nextNumber =
    sequence !== undefined && numberPatternProblem(current.numberPattern) === undefined
      ? invoiceNumber(current.numberPattern, sequence)
      : undefined
  const save = useMutation({
    mutationFn: async () =>
      (await mutate(SetSellerDetailsMutation, { input: { ...current, paymentTermsDays: terms, logo } }))
        .setSellerDetails,
    onSuccess: (details) => {
      client.setQueryData(['seller-details'], details)
      setDraft(undefined)
      setLogo(undefined)
      setSubmitted(false)
    },
  })
  const set = (field: keyof Draft) => (value: string) => {
    save.reset()
    setDraft({ ...current, [field]: value })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (checked.ok) save.mutate()
  }
  if (saved.isPending) return null
  const shownLogo = logo ?? saved.data?.logo
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="seller-title">
      <h2 id="seller-title">{t.title}</h2>
      <p className="hint">{t.intro}</p>
      <div className="row">
        <Field id="seller-name" label={t.legalName} error={errors.legalName}>
          <input id="seller-name" value={current.legalName} onChange={(e) => set('legalName')(e.target.value)} />
        </Field>
        <Field id="seller-vat-id" label={t.vatId} error={errors.vatId}>
          <input id="seller-vat-id" value={current.vatId} onChange={(e) => set('vatId')(e.target.value)} />
        </Field>
        <Field id="seller-tax-id" label={t.taxId} error={errors.taxId}>
          <input id="seller-tax-id" value={current.taxId} onChange={(e) => set('taxId')(e.target.value)} />
        </Field>
      </div>
      <Field id="seller-address" label={t.address} error={errors.address}>
        <textarea
          id="seller-address"
          rows={3}
          value={current.address}
          onChange={(e) => set('address')(e.target.value)}
        />
      </Field>
      <PostalFields values={current} errors={errors} onChange={(field, value) => set(field)(value)} />
      <div className="row">
        <Field id="seller-email" label={t.email} error={errors.email}>
          <input id="seller-email" type="email" value={current.email} onChange={(e) => set('email')(e.target.value)} />
        </Field>
        <Field id="seller-phone" label={t.phone} error={errors.phone}>
          <input id="seller-phone" type="tel" value={current.phone} onChange={(e) => set('phone')(e.target.value)} />
        </Field>
        <Field id="seller-terms" label={t.terms} error={errors.paymentTermsDays}>
          <input
            id="seller-terms"
            inputMode="numeric"
            value={current.paymentTermsDays}
            onChange={(e) => set('paymentTermsDays')(e.target.value)}
          />
        </Field>
      </div>
      <div className="row">
        <Field
          id="seller-pattern"
          label={t.pattern}
          error={errors.numberPattern}
          hint={
            nextNumber === undefined
              ? t.patternHelp
              : fillText(t.patternHint, { seq: '{seq}', seq4: '{seq:4}', next: nextNumber })
          }
        >
          <input
            id="seller-pattern"
            value={current.numberPattern}
            onChange={(e) => set('numberPattern')(e.target.value)}
          />
        </Field>
        <Field id="seller-rounding" label={t.rounding} error={errors.rounding}>
          <select id="seller-rounding" value={current.rounding} onChange={(e) => set('rounding')(e.target.value)}>
            <option value="line">{t.roundLine}</option>
            <option value="total">{t.roundTotal}</option>
          </select>
        </Field>
      </div>
      <div className="field">
        <label htmlFor="seller-logo">{t.logo}</label>
        <input
          id="seller-logo"
          type="file"
          accept="image/png,image/svg+xml"
          onChange={async (e) => {
            const file = e.target.files?.[0]
            save.reset()
            setDraft(current)
            setLogo(file ? await readDataUrl(file) : undefined)
          }}
        />
        {shownLogo && <img className="seller-logo" src={shownLogo} alt={t.logoAlt} />}
      </div>
      <div className="cluster">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </button>
        {save.isSuccess && (
          <span role="status" className="hint" data-testid="seller-saved">
            {fillText(t.saved, { number: save.data.nextNumber })}
          </span>
        )}
      </div>
      <ErrorNotice error={save.error} />
    </form>
  )
}
