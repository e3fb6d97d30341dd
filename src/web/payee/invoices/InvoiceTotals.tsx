import type { InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'

/** The totals a document states: net, tax per rate, total. */
export function InvoiceTotals({ document }: { document: InvoiceDocument }) {
  const format = documentFormats(document)
  return (
    <dl className="invoice-totals" data-testid="invoice-totals">
      <dt>Net</dt>
      <dd>{format.money(BigInt(document.totals.net))}</dd>
      {document.totals.rates.map((rate) => (
        <div key={rate.rate} className="contents">
          <dt>Tax {format.rate(BigInt(rate.rate))}</dt>
          <dd>{format.money(BigInt(rate.tax))}</dd>
        </div>
      ))}
      <dt>
        <strong>Total</strong>
      </dt>
      <dd>
        <strong>{format.money(BigInt(document.totals.total))}</strong>
      </dd>
    </dl>
  )
}
