import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { fiatCurrencies } from '../../../domain/currencies.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { mutate, query } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { reportingCurrencyText } from './booksText.ts'
import { MyReportingCurrencyQuery, SetReportingCurrencyMutation } from './booksOperations.ts'

/** The currency the payee's books are kept in: every payment is valued in it at its block. */
export function ReportingCurrencyForm() {
  const t = useStore(reportingCurrencyText)
  const client = useQueryClient()
  const current = useQuery({
    queryKey: ['reporting-currency'],
    queryFn: async () => (await query(MyReportingCurrencyQuery)).myReportingCurrency,
  })
  const save = useMutation({
    mutationFn: async (currency: string) =>
      (await mutate(SetReportingCurrencyMutation, { currency })).setReportingCurrency,
    onSuccess: (saved) => client.setQueryData(['reporting-currency'], saved),
  })
  return (
    <section className="card stack" aria-labelledby="books-title">
      <h2 id="books-title">{t.title}</h2>
      <p className="hint">{t.intro}</p>
      <div className="field">
        <label htmlFor="reporting-currency">{t.currency}</label>
        <select
          id="reporting-currency"
          value={save.isPending ? save.variables : (current.data ?? '')}
          disabled={current.isPending || save.isPending}
          onChange={(e) => save.mutate(e.target.value)}
        >
          <option value="" disabled>
            {t.choose}
          </option>
          {fiatCurrencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code}
            </option>
          ))}
        </select>
      </div>
      {save.isSuccess && (
        <p role="status" data-testid="books-saved">
          {fillText(t.saved, { currency: save.data })}
        </p>
      )}
      <ErrorNotice error={save.error} />
    </section>
  )
}
