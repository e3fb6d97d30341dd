import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  ciiSchemaErrors,
  en16931CiiFindings,
  en16931UblFindings,
  xrechnungCiiFindings,
  xrechnungUblFindings,
} from '../../../testing/einvoice/validators.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { pay } from '../../watcher/testing/payments.ts'
import { alice, signIn } from '../testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../testing/invoiceClient.ts'
import { authoriseQuoteKey, quoteOf, readPriced } from '../testing/pricedRequestClient.ts'

const fatal = (rules: { id: string; flag: string }[]) => rules.filter((r) => r.flag === 'fatal').map((r) => r.id)

describe('the e-invoice beside the PDF', () => {
  const anvilUrl = inject('anvilUrl')
  let app: TestApp
  let cookie: string
  const get = (path: string) => fetch(`${app.url}${path}`)

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

  it('serves a German invoice as CII and XRechnung, valid, and once paid with its transaction as proof', async () => {
    const made = await createInvoice(
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
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
      }),
    )
    expect(made.errors).toBeUndefined()
    const invoice = made.data!.createInvoice
    expect(JSON.parse(invoice.document)).toMatchObject({ version: 2, buyerReference: '04011000-12345-34' })
    const [ciiPath, xrechnungPath, ublPath] = invoice.xmlPaths
    const cii = await get(ciiPath!)
    expect(cii.status).toBe(200)
    expect(cii.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(cii.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-2026-\d{4}\.xml"$/)
    const ciiText = await cii.text()
    expect(await ciiSchemaErrors(ciiText)).toEqual([])
    expect(fatal(await en16931CiiFindings(ciiText))).toEqual([])
    expect(ciiText).toContain('<ram:TypeCode>ZZZ</ram:TypeCode>')
    expect(ciiText).toContain(`to ${alice.address}, through ${app.url}/pay/${invoice.requestId}`)
    const xrechnung = await (await get(xrechnungPath!)).text()
    expect(xrechnung).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0')
    expect(fatal(await en16931CiiFindings(xrechnung))).toEqual([])
    expect(fatal(await xrechnungCiiFindings(xrechnung))).toEqual([])
    const ubl = await (await get(ublPath!)).text()
    expect(fatal(await en16931UblFindings(ubl))).toEqual([])
    expect(fatal(await xrechnungUblFindings(ubl))).toEqual([])

    const quoted = (await quoteOf(app.url, invoice.requestId, DEV_USDC_ADDRESS)).data!.quotePaymentRequest
    const hash = await pay(anvilUrl, {
      from: 3,
      to: alice.address,
      amount: BigInt(quoted.amount),
      reference: quoted.reference,
    })
    await expect
      .poll(async () => (await readPriced(app.url, invoice.requestId)).status, { timeout: 15_000 })
      .toBe('paid')
    const paid = await (await get(ciiPath!)).text()
    expect(fatal(await en16931CiiFindings(paid))).toEqual([])
    expect(paid).toContain(`<ram:IssuerAssignedID>${hash}</ram:IssuerAssignedID>`)
    expect(paid).toMatch(/<ram:Name>Payment of [0-9.]+ USDC on [^<]+ \(chain id 31337\)/)
    expect(paid).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>')
  })

  it('says why an invoice has no e-invoice: one in a token, one issued before version 2, XRechnung without a Leitweg-ID', async () => {
    const token = await createInvoice(
      app.url,
      cookie,
      alice,
      invoiceInput({
        currency: undefined,
        acceptedAssets: undefined,
        asset: DEV_USDC_ADDRESS,
        buyer: { name: 'Acme', country: 'DE' },
      }),
    )
    expect(token.errors).toBeUndefined()
    const inToken = await get(token.data!.createInvoice.xmlPaths[0]!)
    expect(inToken.status).toBe(409)
    expect(await inToken.text()).toMatch(/in USDC, a token: EN 16931 requires an ISO 4217 currency/)

    const plain = await createInvoice(app.url, cookie, alice, invoiceInput({ buyer: { name: 'Acme', country: 'DE' } }))
    const [ciiPath, xrechnungPath] = plain.data!.createInvoice.xmlPaths
    expect((await get(ciiPath!)).status).toBe(200)
    const noReference = await get(xrechnungPath!)
    expect(noReference.status).toBe(409)
    expect(await noReference.text()).toMatch(/An XRechnung needs the buyer's reference \(Leitweg-ID\)/)

    // As an invoice issued before e-invoices was stored: the version 1 document, still served as a PDF.
    const v1 = { ...JSON.parse(plain.data!.createInvoice.document), version: 1 }
    await app.database.db.execute(
      sql`update invoices set document = ${JSON.stringify(v1)} where request_id = ${plain.data!.createInvoice.requestId}`,
    )
    const old = await get(ciiPath!)
    expect(old.status).toBe(409)
    expect(await old.text()).toMatch(/issued before Billfold wrote e-invoices/)
    expect((await get(plain.data!.createInvoice.pdfPath)).status).toBe(200)
    expect((await get('/invoices/req_nothing.xml')).status).toBe(404)
  })
})
