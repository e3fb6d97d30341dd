import { createClient, http, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { alice } from '../../../api/testing/graphqlClient.ts'
import { assetsOf, chainProfiles, devChain, DEV_CHAIN_ID } from '../../../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { invoiceRequest, type InvoicePricing } from '../../../domain/invoice/invoiceRequest.ts'
import { newPaymentReference } from '../../../domain/paymentReference.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { verifyRequestSignature } from './verifyRequestSignature.ts'

const assets = assetsOf(chainProfiles.filter((p) => p.chain.id === DEV_CHAIN_ID))
// A node that answers nothing: the payee is an ordinary account, checked offline.
const offline = createClient({ chain: devChain(), transport: http('http://127.0.0.1:9/', { retryCount: 0 }) })

/** An invoice as the pay page receives it: its request's fields and the document's exact text. */
async function servedInvoice(pricing: InvoicePricing): Promise<PaymentRequestData> {
  const made = invoiceRequest(
    {
      chainId: '31337',
      payer: '',
      pricing,
      buyer: { name: 'Acme GmbH', address: '', taxId: '', email: '' },
      lines: [
        { description: 'Design', quantity: '2', unitPrice: '450', taxRate: '19' },
        { description: 'Printing', quantity: '1.5', unitPrice: '12.345', taxRate: '7' },
      ],
      rounding: 'line',
      issueDate: new Date().toISOString().slice(0, 10),
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      notes: '',
      language: 'en',
    },
    {
      number: 'INV-0007',
      seller: { name: 'Ada Lovelace Consulting', address: '', taxId: '', email: '' },
      payee: alice.address,
      reference: newPaymentReference(),
      assets,
      quotable: assets,
    },
  )
  if (!made.ok) throw new Error(JSON.stringify(made.errors))
  const { invoice } = made
  const terms = invoice.priced ?? invoice.token
  return {
    chainId: 31337,
    asset: invoice.token?.asset ?? invoice.priced!.currency,
    amount: String(invoice.token?.amount ?? invoice.priced!.price),
    payee: alice.address as Address,
    payer: null,
    memo: terms.memo,
    dueAt: terms.dueAt.toISOString(),
    reference: terms.reference,
    signature: await alice.signTypedData(invoice.typedData),
    createdAt: new Date().toISOString(),
    issuer: null,
    price: invoice.priced
      ? { currency: invoice.priced.currency, amount: String(invoice.priced.price), amountDecimal: '' }
      : null,
    acceptedAssets: invoice.priced?.acceptedAssets.map((address) => ({ address, symbol: '', decimals: 0 })) ?? null,
    toleranceBps: invoice.priced?.toleranceBps ?? null,
    invoice: { number: 'INV-0007', document: invoice.text, documentHash: invoice.hash, pdfPath: '' },
  } as PaymentRequestData
}

describe('the pay page’s check of an invoice', () => {
  for (const pricing of [
    { asset: DEV_USDC_ADDRESS },
    { currency: 'EUR', acceptedAssets: [DEV_USDC_ADDRESS], tolerance: '' },
  ])
    it(`verifies the document the payee signed and refuses one with a changed line (${'asset' in pricing ? 'in a token' : 'in a currency'})`, async () => {
      const served = await servedInvoice(pricing)
      expect(await verifyRequestSignature(offline, served)).toBe(true)
      const edit = (change: (text: string) => string) => ({
        ...served,
        invoice: { ...served.invoice!, document: change(served.invoice!.document) },
      })
      // A description changed: the totals still add up, but it is not the text that was signed.
      expect(
        await verifyRequestSignature(
          offline,
          edit((t) => t.replace('"Printing"', '"Printing and binding"')),
        ),
      ).toBe(false)
      // A quantity changed: the stated totals no longer follow from the lines.
      expect(
        await verifyRequestSignature(
          offline,
          edit((t) => t.replace('"quantity":"20000"', '"quantity":"30000"')),
        ),
      ).toBe(false)
    })
})
