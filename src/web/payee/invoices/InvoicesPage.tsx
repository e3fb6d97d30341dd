import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import { parseInvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { query } from '../../graphql/apiClient.ts'
import { labelColumns } from '../../components/ScrollTable.tsx'
import { BackToRequests } from '../BackToRequests.tsx'
import { MyInvoicesQuery } from './invoiceOperations.ts'

/** `/invoices`: the payee's invoices, newest first, each with its buyer, total, status and PDF. */
export function InvoicesPage() {
  useDocumentTitle('Invoices')
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
          Invoices
        </h1>
        <Link href="/invoices/new" className="button primary">
          New invoice
        </Link>
      </div>
      {invoices.data?.length === 0 && <p className="card">No invoices yet.</p>}
      {Boolean(invoices.data?.length) && (
        <table className="card requests" ref={labelColumns}>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Buyer</th>
              <th scope="col">Issued</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">PDF</th>
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
                  <td>{document.issueDate}</td>
                  <td>{documentFormats(document).money(BigInt(document.totals.total))}</td>
                  <td>{invoice.request.status.replace('_', ' ')}</td>
                  <td>
                    <a href={invoice.pdfPath} target="_blank" rel="noreferrer">
                      PDF
                    </a>
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
