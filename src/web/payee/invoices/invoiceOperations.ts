import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import type { InvoiceRequestDraft, invoiceRequest } from '../../../domain/invoice/invoiceRequest.ts'
import { mutate } from '../../graphql/apiClient.ts'
import { graphql } from '../../graphql/graphql.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { ensureQuoteKey } from '../priced/pricedRequestOperations.ts'

export const SellerDetailsFields = graphql(`
  fragment SellerDetailsFields on SellerDetails {
    legalName
    address
    taxId
    vatId
    email
    phone
    postcode
    city
    country
    logo
    paymentTermsDays
    numberPattern
    rounding
    nextNumber
  }
`)

export const MySellerDetailsQuery = graphql(
  `
    query MySellerDetails {
      mySellerDetails {
        ...SellerDetailsFields
      }
    }
  `,
  [SellerDetailsFields],
)

export const SetSellerDetailsMutation = graphql(
  `
    mutation SetSellerDetails($input: SellerDetailsInput!) {
      setSellerDetails(input: $input) {
        ...SellerDetailsFields
      }
    }
  `,
  [SellerDetailsFields],
)

export const MyInvoicesQuery = graphql(`
  query MyInvoices {
    myInvoices(first: 100) {
      requestId
      number
      document
      pdfPath
      xmlPaths
      createdAt
      creditNotes {
        id
        number
        pdfPath
      }
      request {
        status
        amountDecimal
        symbol
      }
    }
  }
`)

const CreateInvoiceMutation = graphql(`
  mutation CreateInvoice($input: CreateInvoiceInput!) {
    createInvoice(input: $input) {
      requestId
      number
    }
  }
`)

/**
 * Issues an invoice: for one in a currency the wallet first authorises the payee's quote key (once);
 * then it signs the invoice (the request and the document's hash) with the number it was shown,
 * and the server takes that number as it stores the invoice.
 */
export function useCreateInvoice({
  draft,
  made,
  number,
  walletChainId,
}: {
  draft: InvoiceRequestDraft
  made: ReturnType<typeof invoiceRequest>
  number: string
  walletChainId: number
}) {
  const { connection } = useWalletCore()
  const [, navigate] = useLocation()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      if (!made.ok) throw new Error('unreachable: the button is disabled while the form has errors')
      const { invoice } = made
      if (invoice.priced) await ensureQuoteKey(connection)
      const chainId = Number(draft.chainId)
      // Wallets sign EIP-712 data only on the chain its domain names.
      if (walletChainId !== chainId) await connection.switchChain(chainId)
      const signature = await connection.signTypedData(invoice.typedData)
      const { pricing } = draft
      const { createInvoice } = await mutate(CreateInvoiceMutation, {
        input: {
          chainId,
          ...('currency' in pricing
            ? { currency: pricing.currency, acceptedAssets: [...pricing.acceptedAssets], tolerance: pricing.tolerance }
            : { asset: pricing.asset }),
          payer: draft.payer.trim() || null,
          buyer: draft.buyer,
          lines: draft.lines.map((l) => ({ ...l })),
          rounding: draft.rounding,
          issueDate: draft.issueDate,
          dueDate: draft.dueDate,
          notes: draft.notes,
          language: draft.language,
          number,
          reference: (invoice.priced ?? invoice.token).reference,
          signature,
        },
      })
      return createInvoice
    },
    onSuccess: (created) => navigate(`/requests/${created.requestId}`),
    // Another invoice may have taken the number shown: read the next one, to sign again.
    onError: () => client.invalidateQueries({ queryKey: ['seller-details'] }),
  })
}
