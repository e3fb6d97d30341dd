import type { InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import { fillText } from '../../i18n/fill.tsx'

/** The totals a document states (net, tax per rate, total), in `locale`'s way and `labels`' words. */
export function InvoiceTotals({
  document,
  locale,
  labels,
}: {
  document: InvoiceDocument
  locale: string
  labels: { net: string; taxAt: string; total: string }
}) {
  const format = documentFormats({ ...document, language: locale })
  return (
    <dl className="invoice-totals" data-testid="invoice-totals">
      <dt>{labels.net}</dt>
      <dd>{format.money(BigInt(document.totals.net))}</dd>
      {document.totals.rates.map((rate) => (
        <div key={rate.rate} className="contents">
          <dt>{fillText(labels.taxAt, { rate: format.rate(BigInt(rate.rate)) })}</dt>
          <dd>{format.money(BigInt(rate.tax))}</dd>
        </div>
      ))}
      <dt>
        <strong>{labels.total}</strong>
      </dt>
      <dd data-testid="invoice-total">
        <strong>{format.money(BigInt(document.totals.total))}</strong>
      </dd>
    </dl>
  )
}
