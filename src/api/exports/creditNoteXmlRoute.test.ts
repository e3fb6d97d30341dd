import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readPdf } from '../../../testing/einvoice/pdfReader.ts'
import {
  ciiSchemaErrors,
  en16931CiiFindings,
  en16931UblFindings,
  fatal,
  type Finding,
  xrechnungCiiFindings,
  xrechnungUblFindings,
} from '../../../testing/einvoice/validators.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { pay } from '../../watcher/testing/payments.ts'
import {
  CREDIT_NOTE_FIELDS,
  creditNotesOf,
  refundFromWallet,
  type CreditNoteRead,
} from '../testing/creditNoteClient.ts'
import { alice, graphql, signIn } from '../testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../testing/invoiceClient.ts'
import { authoriseQuoteKey, quoteOf, readPriced } from '../testing/pricedRequestClient.ts'

const anvilUrl = inject('anvilUrl')
const fatalIds = async (findings: Promise<Finding[]>) => fatal(await findings).map((f) => f.id)

describe('the e-invoice of a credit note', () => {
  let app: TestApp
  let cookie: string
  const text = async (path: string) => {
    const response = await fetch(`${app.url}${path}`)
    expect(response.status, path).toBe(200)
    return response.text()
  }

  beforeAll(async () => {
    await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
    app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, alice)).cookie
    await authoriseQuoteKey(app.url, cookie, alice)
    const saved = await setSellerDetails(
      app.url,
      cookie,
      sellerInput({
        address: 'Kastanienallee 1',
        postcode: '10435',
        city: 'Berlin',
        country: 'DE',
        vatId: 'DE123456789',
        taxId: '37/123/45678',
        phone: '+49 30 1234567',
      }),
    )
    expect(saved.errors).toBeUndefined()
  }, 120_000)
  afterAll(async () => app?.close())

  it('a partial refund of a German invoice: type 381 referring to the invoice, one line per rate, valid as EN 16931 and XRechnung, its PDF a Factur-X', async () => {
    const invoice = (
      await createInvoice(
        app.url,
        cookie,
        alice,
        invoiceInput({
          buyer: {
            name: 'Acme GmbH',
            address: 'Hauptstraße 5',
            postcode: '80331',
            city: 'München',
            country: 'DE',
            vatId: 'DE999999999',
            email: 'ap@acme.example',
          },
          buyerReference: '04011000-12345-34',
        }),
      )
    ).data!.createInvoice
    const quoted = (await quoteOf(app.url, invoice.requestId, DEV_USDC_ADDRESS)).data!.quotePaymentRequest
    await pay(anvilUrl, { from: 5, to: alice.address, amount: BigInt(quoted.amount), reference: quoted.reference })
    await expect
      .poll(async () => (await readPriced(app.url, quoted.id)).received, { timeout: 15_000 })
      .toBe(quoted.amount)
    const refund = await refundFromWallet(
      app.url,
      cookie,
      anvilUrl,
      quoted.id,
      formatUnits(BigInt(quoted.amount) / 3n, 6),
    )
    await expect.poll(async () => (await creditNotesOf(app.url, invoice.requestId)).length, { timeout: 15_000 }).toBe(1)
    const [note] = await creditNotesOf(app.url, invoice.requestId)
    const document = JSON.parse(note!.document)
    expect(note!.xmlPaths).toEqual(
      ['.xml', '.xrechnung.xml', '.ubl.xml'].map((ext) => `/credit-notes/${note!.id}${ext}`),
    )
    const [ciiPath, xrechnungPath, ublPath] = note!.xmlPaths

    const response = await fetch(`${app.url}${ciiPath}`)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="credit-note-${note!.number}.xml"`)
    const cii = await response.text()
    expect(await ciiSchemaErrors(cii)).toEqual([])
    expect(await fatalIds(en16931CiiFindings(cii))).toEqual([])
    expect(cii).toContain('<ram:TypeCode>381</ram:TypeCode>')
    expect(cii).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`)
    expect(cii).toContain(`<ram:Content>${document.reason}</ram:Content>`)
    expect(cii).toContain(`<ram:IssuerAssignedID>${refund}</ram:IssuerAssignedID>`)
    // One line per rate of the invoice (19 % and 7 %), each the note's net of that rate, positive.
    expect([...cii.matchAll(/<ram:IncludedSupplyChainTradeLineItem>/g)]).toHaveLength(2)
    const amount = (minor: string) => minor.padStart(3, '0').replace(/(..)$/, '.$1')
    expect(cii).toContain(`<ram:GrandTotalAmount>${amount(document.totals.total)}</ram:GrandTotalAmount>`)
    for (const rate of document.totals.rates as { net: string; tax: string }[]) {
      expect(cii).toContain(`<ram:LineTotalAmount>${amount(rate.net)}</ram:LineTotalAmount>`)
      expect(cii).toContain(`<ram:CalculatedAmount>${amount(rate.tax)}</ram:CalculatedAmount>`)
    }
    expect(cii).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>')

    const xrechnung = await text(xrechnungPath!)
    expect(await fatalIds(en16931CiiFindings(xrechnung))).toEqual([])
    expect(await fatalIds(xrechnungCiiFindings(xrechnung))).toEqual([])
    const ubl = await text(ublPath!)
    expect(ubl).toContain('<CreditNote ')
    expect(await fatalIds(en16931UblFindings(ubl))).toEqual([])
    expect(await fatalIds(xrechnungUblFindings(ubl))).toEqual([])

    const pdf = readPdf(new Uint8Array(await (await fetch(`${app.url}${note!.pdfPath}`)).arrayBuffer()))
    expect(pdf.attachments).toEqual(['factur-x.xml'])
    const embedded = pdf.attachment('factur-x.xml').toString('utf8')
    expect(embedded).toContain('<ram:TypeCode>381</ram:TypeCode>')
    expect(await fatalIds(en16931CiiFindings(embedded))).toEqual([])
    expect(pdf.xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>')
  }, 120_000)

  it('a cancellation of a reverse-charge invoice carries its VAT category and exemption, valid as EN 16931 in CII and UBL', async () => {
    const invoice = (
      await createInvoice(
        app.url,
        cookie,
        alice,
        invoiceInput({
          buyer: {
            name: 'Dupont SARL',
            address: '12 rue de la Paix',
            postcode: '75002',
            city: 'Paris',
            country: 'FR',
            vatId: 'FR12345678901',
            email: 'compta@dupont.example',
          },
          lines: [
            { description: 'Software development', quantity: '40', unitPrice: '85', taxRate: '0', taxCategory: 'AE' },
          ],
          exemptionReason: 'Reverse charge, Article 196 VAT Directive',
          buyerReference: 'PO-4711',
        }),
      )
    ).data!.createInvoice
    const cancelled = await graphql<{ cancelInvoice: CreditNoteRead }>(
      app.url,
      `mutation($id: String!) { cancelInvoice(requestId: $id, reason: "Ordered twice") { ${CREDIT_NOTE_FIELDS} } }`,
      { variables: { id: invoice.requestId }, cookie },
    )
    expect(cancelled.errors).toBeUndefined()
    const note = cancelled.data!.cancelInvoice
    const [ciiPath, , ublPath] = note.xmlPaths
    const cii = await text(ciiPath!)
    expect(await ciiSchemaErrors(cii)).toEqual([])
    expect(await fatalIds(en16931CiiFindings(cii))).toEqual([])
    expect(cii).toContain('<ram:CategoryCode>AE</ram:CategoryCode>')
    expect(cii).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>')
    expect(cii).toContain('<ram:Content>Ordered twice</ram:Content>')
    expect(cii).toContain('<ram:GrandTotalAmount>3400.00</ram:GrandTotalAmount>')
    expect(await fatalIds(en16931UblFindings(await text(ublPath!)))).toEqual([])
    expect((await fetch(`${app.url}/credit-notes/nothere.xml`)).status).toBe(404)
  }, 60_000)
})
