import { useStore } from '@nanostores/react'
import { documentLines, parseInvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import { printedAddress, type InvoiceParty } from '../../../domain/invoice/invoiceParty.ts'
import { invoiceTotals } from '../../../domain/invoice/invoiceTotals.ts'
import { fillText } from '../../i18n/fill.tsx'
import { locale } from '../../i18n/i18n.ts'
import { invoiceText } from '../../i18n/payerMessages.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { InvoiceTotals } from './InvoiceTotals.tsx'
import { ScrollTable } from '../../components/ScrollTable.tsx'

/**
 * The invoice a request pays, above the payment, in the payer's language: seller and buyer, each
 * line, tax per rate and the total, and the PDF. Whether it is what the payee signed is said by the
 * signature check below it, which hashes this same text.
 */
export function InvoicePanel({ invoice }: { invoice: NonNullable<PaymentRequestData['invoice']> }) {
  const t = useStore(invoiceText)
  const code = useStore(locale)
  const document = parseInvoiceDocument(invoice.document)
  if (!document) return null
  const format = documentFormats({ ...document, language: code })
  const lines = documentLines(document)
  const totals = invoiceTotals(lines, document.rounding)
  return (
    <section className="invoice-panel stack" aria-labelledby="invoice-heading" data-testid="invoice-panel">
      <h2 id="invoice-heading">{fillText(t.title, { number: document.number })}</h2>
      <p className="hint">
        {fillText(t.issued, { date: format.date(document.issueDate), date2: format.date(document.dueDate) })}
      </p>
      <div className="row invoice-parties">
        <Party label={t.from} party={document.seller} taxId={t.taxId} vatId={t.vatId} />
        <Party label={t.billTo} party={document.buyer} taxId={t.taxId} vatId={t.vatId} />
      </div>
      <ScrollTable labelledBy="invoice-heading">
        <table className="invoice-lines-table">
          <thead>
            <tr>
              <th scope="col">{t.description}</th>
              <th scope="col">{t.quantity}</th>
              <th scope="col">{t.unitPrice}</th>
              <th scope="col">{t.tax}</th>
              <th scope="col">{t.amount}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td className="number">{format.quantity(line.quantity)}</td>
                <td className="number">{format.unitPrice(line.unitPrice)}</td>
                <td className="number">{format.rate(line.taxRate)}</td>
                <td className="number">{format.money(totals.lines[i]!.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <InvoiceTotals document={document} locale={code} labels={t} />
      {document.notes && <p className="invoice-notes">{document.notes}</p>}
      <p className="cluster">
        <a className="button" href={invoice.pdfPath} target="_blank" rel="noreferrer" data-testid="invoice-pdf">
          {t.pdf}
        </a>
        <a href={`${invoice.pdfPath}?paper=letter`} target="_blank" rel="noreferrer">
          {t.pdfLetter}
        </a>
      </p>
      {invoice.creditNotes.length > 0 && <CreditNotes notes={invoice.creditNotes} format={format} />}
    </section>
  )
}

/** The invoice's credit notes, each with its PDF; a cancellation says the invoice can no longer be paid. */
function CreditNotes({
  notes,
  format,
}: {
  notes: NonNullable<PaymentRequestData['invoice']>['creditNotes']
  format: ReturnType<typeof documentFormats>
}) {
  const t = useStore(invoiceText)
  const cancelled = notes.find((note) => note.kind === 'cancellation')
  return (
    <div className="stack" data-testid="credit-notes">
      <h3>{t.creditNotes}</h3>
      {cancelled && <p role="status">{fillText(t.cancelled, { number: cancelled.number })}</p>}
      <ul>
        {notes.map((note) => (
          <li key={note.id}>
            <a href={note.pdfPath} target="_blank" rel="noreferrer">
              {fillText(t.creditNote, { number: note.number, amount: format.money(BigInt(note.total)) })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Party({ label, party, taxId, vatId }: { label: string; party: InvoiceParty; taxId: string; vatId: string }) {
  const address = printedAddress(party)
  return (
    <div className="invoice-party">
      <p className="eyebrow">{label}</p>
      <p>
        <strong>{party.name}</strong>
      </p>
      {address && <p className="pre-line">{address}</p>}
      {party.vatId && <p>{fillText(vatId, { id: party.vatId })}</p>}
      {party.taxId && <p>{fillText(taxId, { id: party.taxId })}</p>}
    </div>
  )
}
