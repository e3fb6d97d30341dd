import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import { parseInvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { query } from '../../graphql/apiClient.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { StatusBadge } from '../../requests/RequestSummary.tsx'
import { labelColumns } from '../../components/ScrollTable.tsx'
import { BackToRequests } from '../BackToRequests.tsx'
import { MyInvoicesQuery } from './invoiceOperations.ts'
import { invoiceListText } from './invoicesText.ts'
import { formatDay } from '../formatDay.ts'
import { eInvoiceUnavailable } from '../../../domain/invoice/eInvoiceAvailability.ts'

/** `/invoices`: the payee's invoices, newest first, each with its buyer, total, status, PDF and e-invoice. */
export function InvoicesPage() {
  const t = useStore(invoiceListText)
  const { locale } = useFormat()
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const invoices = useQuery({
    queryKey: ['my-invoices'],
    queryFn: async () => (await query(MyInvoicesQuery)).myInvoices,
  })
  return (
    <section aria-labelledby="invoices-title" className="stack">
      <BackToRequests />
      <div className="dashboard-head">
        <h1 id="invoices-title" ref={heading}>
          {t.title}
        </h1>
        <Link href="/invoices/new" className="button primary">
          {t.newInvoice}
        </Link>
      </div>
      {invoices.data?.length === 0 && <p className="card">{t.none}</p>}
      {Boolean(invoices.data?.length) && (
        <table className="card requests" ref={labelColumns}>
          <thead>
            <tr>
              <th scope="col">{t.number}</th>
              <th scope="col">{t.buyer}</th>
              <th scope="col">{t.issued}</th>
              <th scope="col">{t.total}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.pdf}</th>
              <th scope="col">{t.creditNotes}</th>
            </tr>
          </thead>
          <tbody>
            {invoices.data!.map((invoice) => {
              const document = parseInvoiceDocument(invoice.document)
              if (!document) return null
              return (
                <tr key={invoice.requestId}>
                  <td>
                    <Link href={`/requests/${invoice.requestId}`}>{invoice.number}</Link>
                  </td>
                  <td>{document.buyer.name}</td>
                  <td>{formatDay(document.issueDate, locale)}</td>
                  <td>{documentFormats({ ...document, language: locale }).money(BigInt(document.totals.total))}</td>
                  <td>
                    <StatusBadge status={invoice.request.status} testId="invoice-status" />
                  </td>
                  <td>
                    <span className="cluster">
                      <a href={invoice.pdfPath} target="_blank" rel="noreferrer">
                        {t.pdf}
                      </a>
                      {!eInvoiceUnavailable(document) &&
                        invoice.xmlPaths.map((path, i) => (
                          <a key={path} href={path} download>
                            {[t.xml, t.xrechnung, t.ubl][i]}
                          </a>
                        ))}
                    </span>
                  </td>
                  <td data-testid="invoice-credit-notes">
                    {invoice.creditNotes.map((note) => (
                      <a key={note.id} href={note.pdfPath} target="_blank" rel="noreferrer" className="pre-line">
                        {note.number}{' '}
                      </a>
                    ))}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}
