import type { Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { invoiceRequest } from '../../domain/invoice/invoiceRequest.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { assetsOf, chainProfiles, DEV_CHAIN_ID } from '../../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { graphql } from './graphqlClient.ts'

const SELLER = `mutation Seller($input: SellerDetailsInput!) {
  setSellerDetails(input: $input) { legalName address taxId email logo paymentTermsDays numberPattern rounding nextNumber }
}`
const MY_SELLER =
  'query { mySellerDetails { legalName address postcode city country taxId vatId email phone nextNumber } }'
const CREATE = `mutation Create($input: CreateInvoiceInput!) {
  createInvoice(input: $input) { requestId number document documentHash pdfPath xmlPaths request { id status amount symbol reference } }
}`

export type SellerInput = {
  legalName: string
  address?: string
  taxId?: string
  email?: string
  postcode?: string
  city?: string
  country?: string
  vatId?: string
  phone?: string
  paymentTermsDays: number
  numberPattern: string
  rounding: string
  logo?: string
}

export const sellerInput = (overrides: Partial<SellerInput> = {}): SellerInput => ({
  legalName: 'Ada Lovelace Consulting',
  address: 'Kastanienallee 1\n10435 Berlin',
  taxId: 'DE123456789',
  email: 'ada@example.com',
  paymentTermsDays: 14,
  numberPattern: '2026-{seq:4}',
  rounding: 'line',
  ...overrides,
})

export const setSellerDetails = (url: string, cookie: string, input: SellerInput) =>
  graphql<{ setSellerDetails: Record<string, unknown> }>(url, SELLER, { variables: { input }, cookie })

export type InvoiceInput = {
  chainId: number
  currency?: string
  acceptedAssets?: string[]
  asset?: string
  buyer: {
    name: string
    address?: string
    taxId?: string
    email?: string
    postcode?: string
    city?: string
    country?: string
    vatId?: string
  }
  lines: { description: string; quantity: string; unitPrice: string; taxRate: string; taxCategory?: string }[]
  rounding: string
  issueDate: string
  dueDate: string
  notes: string
  language: string
  buyerReference?: string
  paymentTerms?: string
  deliveryDate?: string
  periodStart?: string
  periodEnd?: string
  exemptionReason?: string
  exemptionCode?: string
}

const devAssets = assetsOf(chainProfiles.filter((p) => p.chain.id === DEV_CHAIN_ID))
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10)

export const invoiceInput = (overrides: Partial<InvoiceInput> = {}): InvoiceInput => ({
  chainId: 31337,
  currency: 'EUR',
  acceptedAssets: [DEV_USDC_ADDRESS],
  buyer: { name: 'Acme GmbH', address: 'Hauptstraße 5\n80331 München', taxId: 'DE999999999', email: 'ap@acme.example' },
  lines: [
    { description: 'Design workshop', quantity: '2', unitPrice: '450', taxRate: '19' },
    { description: 'Illustrations', quantity: '3', unitPrice: '33.3333', taxRate: '19' },
    { description: 'Printed catalogue', quantity: '1.5', unitPrice: '12.345', taxRate: '7' },
  ],
  rounding: 'line',
  issueDate: isoDate(Date.now()),
  dueDate: isoDate(Date.now() + 14 * 86_400_000),
  notes: 'Thank you for your business.',
  language: 'en',
  ...overrides,
})

/**
 * Signs and sends an invoice as the web app does: the seller details and next number read, the
 * document and its typed data built by the shared rules, the wallet's signature, createInvoice.
 */
export async function createInvoice(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  input: InvoiceInput,
  { number }: { number?: string } = {},
) {
  // Before any seller details are saved the server refuses; what is signed then does not matter.
  const seller = (await graphql<{ mySellerDetails: Record<string, string> | null }>(url, MY_SELLER, { cookie })).data!
    .mySellerDetails ?? { legalName: '-', address: '', taxId: '', email: '', nextNumber: '1' }
  const reference = newPaymentReference()
  const signedNumber = number ?? seller.nextNumber!
  const pricing = input.currency
    ? { currency: input.currency, acceptedAssets: input.acceptedAssets ?? [], tolerance: '' }
    : { asset: input.asset! }
  const made = invoiceRequest(
    {
      ...input,
      chainId: String(input.chainId),
      payer: '',
      pricing,
      buyer: { address: '', taxId: '', email: '', ...input.buyer },
    },
    {
      number: signedNumber,
      seller: {
        name: seller.legalName!,
        address: seller.address!,
        taxId: seller.taxId!,
        email: seller.email!,
        postcode: seller.postcode ?? '',
        city: seller.city ?? '',
        country: seller.country ?? '',
        vatId: seller.vatId ?? '',
        phone: seller.phone ?? '',
      },
      payee: payee.address as Address,
      reference,
      assets: devAssets,
      quotable: devAssets,
    },
  )
  const signature = made.ok ? await payee.signTypedData(made.invoice.typedData) : `0x${'11'.repeat(65)}`
  return graphql<{ createInvoice: CreatedInvoice }>(url, CREATE, {
    variables: { input: { ...input, number: signedNumber, reference, signature } },
    cookie,
  })
}

export type CreatedInvoice = {
  requestId: string
  number: string
  document: string
  documentHash: string
  pdfPath: string
  xmlPaths: string[]
  request: { id: string; status: string; amount: string; symbol: string; reference: `0x${string}` }
}
