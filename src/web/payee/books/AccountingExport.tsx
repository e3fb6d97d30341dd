import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { Link } from 'wouter'
import { accountingExportText } from './booksText.ts'

const FORMATS = [
  ['datev', 'datev'],
  ['xero-statement', 'xeroStatement'],
  ['xero-invoices', 'xeroInvoices'],
  ['quickbooks-statement', 'quickbooksStatement'],
  ['quickbooks-invoices', 'quickbooksInvoices'],
] as const

/** The first and last day of a month ("2026-11"), as date inputs take them. */
function monthDays(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10)
  return { from: `${month}-01`, to: last }
}

/**
 * The statement's period as a file an accounting program imports: DATEV, Xero or QuickBooks Online,
 * the month shown or days the payee picks.
 */
export function AccountingExport({ month }: { month: string }) {
  const t = useStore(accountingExportText)
  const [format, setFormat] = useState<(typeof FORMATS)[number][0]>('datev')
  const [picked, setPicked] = useState<{ month: string; from: string; to: string } | undefined>()
  // A new month on the page sets the period again; days picked hold until then.
  const period = picked?.month === month ? picked : { month, ...monthDays(month) }
  const href = `/export/accounting.csv?${new URLSearchParams({ format, from: period.from, to: period.to })}`
  return (
    <section className="card form no-print" aria-labelledby="accounting-export-title">
      <h2 id="accounting-export-title">{t.title}</h2>
      <p className="hint">{t.intro}</p>
      <div className="field">
        <label htmlFor="accounting-format">{t.format}</label>
        <select
          id="accounting-format"
          value={format}
          onChange={(e) => setFormat(e.target.value as (typeof FORMATS)[number][0])}
        >
          {FORMATS.map(([value, label]) => (
            <option key={value} value={value}>
              {t[label]}
            </option>
          ))}
        </select>
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="accounting-from">{t.from}</label>
          <input
            id="accounting-from"
            type="date"
            value={period.from}
            onChange={(e) => e.target.value && setPicked({ ...period, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="accounting-to">{t.to}</label>
          <input
            id="accounting-to"
            type="date"
            value={period.to}
            onChange={(e) => e.target.value && setPicked({ ...period, to: e.target.value })}
          />
        </div>
      </div>
      <p className="actions">
        <a className="button" href={href} download data-testid="accounting-download">
          {t.download}
        </a>
      </p>
      {format === 'datev' && (
        <p className="hint">
          <Link href="/settings">{t.datevHint}</Link>
        </p>
      )}
    </section>
  )
}
