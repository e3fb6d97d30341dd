import { execFileSync } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { keccak256, stringToBytes, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { pay } from '../../../watcher/testing/payments.ts'
import { resultRows } from '../../../db/rawStatements.ts'
import { alice, codes, signIn } from '../../testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../../testing/invoiceClient.ts'
import { createApiKey, rest } from '../../testing/merchantClient.ts'
import { authoriseQuoteKey, quoteOf, readPriced } from '../../testing/pricedRequestClient.ts'

/** The PDF's text as a reader extracts it (poppler's pdftotext), columns kept on their lines. */
export const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8')

describe('invoices', () => {
  const anvilUrl = inject('anvilUrl')
  let app: TestApp
  let cookie: string
  const count = async (table: 'invoices' | 'payment_requests') =>
    resultRows<{ n: number }>(await app.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n
  const pdfOf = async (path: string, query = '') => {
    const response = await fetch(`${app.url}${path}${query}`)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="invoice-2026-\d{4}\.pdf"$/)
    return new Uint8Array(await response.arrayBuffer())
  }

  beforeAll(async () => {
    await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
    app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, alice)).cookie
    await authoriseQuoteKey(app.url, cookie, alice)
  })
  afterAll(async () => app?.close())

  it('wants seller details first, then numbers invoices from the pattern', async () => {
    const refused = await createInvoice(app.url, cookie, alice, invoiceInput(), { number: 'x' })
    expect(codes(refused)).toEqual(['SELLER_DETAILS_MISSING'])
    const noSeq = await setSellerDetails(app.url, cookie, sellerInput({ numberPattern: '2026-0001' }))
    expect(noSeq.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'numberPattern' })
    const saved = await setSellerDetails(app.url, cookie, sellerInput())
    expect(saved.data!.setSellerDetails).toMatchObject({
      nextNumber: '2026-0001',
      legalName: 'Ada Lovelace Consulting',
    })
  })

  it('makes an SVG logo with a script harmless: only the picture it draws is kept, as a PNG', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" onload="alert(1)"><script>alert(document.cookie)</script><rect width="120" height="40" fill="#0a7"/><a href="javascript:alert(2)"><circle cx="20" cy="20" r="10"/></a></svg>`
    const saved = await setSellerDetails(
      app.url,
      cookie,
      sellerInput({ logo: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }),
    )
    const logo = saved.data!.setSellerDetails.logo as string
    expect(logo).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(logo.split(',')[1]!, 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.toString('latin1')).not.toMatch(/script|alert|onload/)
    const stored = resultRows<{ logo: string }>(
      await app.database.db.execute(sql`select logo_png as logo from seller_details`),
    )
    expect(Buffer.from(stored[0]!.logo, 'base64').toString('latin1')).not.toMatch(/script/)
    const notAnImage = await setSellerDetails(
      app.url,
      cookie,
      sellerInput({
        logo: `data:image/png;base64,${Buffer.from('<html><script>x</script></html>').toString('base64')}`,
      }),
    )
    expect(notAnImage.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'logo' })
  })

  it('issues an invoice in EUR whose total is its lines’ and whose hash is of its text; its PDF says so, then PAID with the transaction', async () => {
    const made = await createInvoice(app.url, cookie, alice, invoiceInput({}))
    expect(made.errors).toBeUndefined()
    const invoice = made.data!.createInvoice
    expect(invoice.number).toBe('2026-0001')
    // 900.00 + 100.00 (99.9999) + 18.52 (18.5175); tax 171.00 + 19.00 + 1.30 (1.2964).
    expect(invoice.request).toMatchObject({ amount: '120982', symbol: 'EUR', status: 'open' })
    expect(keccak256(stringToBytes(invoice.document))).toBe(invoice.documentHash)
    expect(JSON.parse(invoice.document).totals).toEqual({
      rates: [
        { category: 'S', rate: '1900', net: '100000', tax: '19000' },
        { category: 'S', rate: '700', net: '1852', tax: '130' },
      ],
      net: '101852',
      tax: '19130',
      total: '120982',
    })

    const before = pdfText(await pdfOf(invoice.pdfPath))
    for (const text of [
      'Invoice',
      '2026-0001',
      'Ada Lovelace Consulting',
      'DE123456789',
      'Acme GmbH',
      'Hauptstraße 5',
      'Design workshop',
      'Illustrations',
      'Printed catalogue',
      '€33.3333',
      '€1,018.52',
      '€190.00',
      '€1.30',
      '€1,209.82',
      invoice.documentHash,
    ])
      expect(before).toContain(text)
    expect(before).not.toContain('PAID')

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
    const after = pdfText(await pdfOf(invoice.pdfPath, '?paper=letter'))
    expect(after).toContain('PAID')
    expect(after).toContain(hash)
    expect(after).toMatch(/USDC = €1,209\.82/)
  })

  it('prints in the invoice’s language, a Japanese buyer and Czech and Polish letters included, each in a font that has them', async () => {
    const made = await createInvoice(
      app.url,
      cookie,
      alice,
      invoiceInput({
        currency: 'JPY',
        language: 'ja',
        buyer: { name: '株式会社サンプル', address: 'c/o Antonín Dvořák, Łódź' },
      }),
    )
    expect(made.errors).toBeUndefined()
    const pdf = await pdfOf(made.data!.createInvoice.pdfPath)
    const text = pdfText(pdf)
    for (const expected of ['請求書', '株式会社サンプル', 'Antonín Dvořák, Łódź', '2026-0002'])
      expect(text).toContain(expected)
    // Each script in a font that has it, embedded (pdftotext alone reads text whose glyphs are missing).
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString('utf8')
    expect(fonts).toMatch(/NotoSans-Regular\S*\s+CID TrueType\s+Identity-H\s+yes/)
    expect(fonts).toMatch(/NotoSansJP-Regular\S*\s+CID TrueType\s+Identity-H\s+yes/)
  })

  it('answers 404 for a request that is no invoice and 400 for a paper it does not print on', async () => {
    expect((await fetch(`${app.url}/invoices/AAAAAAAAAAAAAAAA.pdf`)).status).toBe(404)
    const [row] = resultRows<{ id: string }>(
      await app.database.db.execute(sql`select request_id as id from invoices limit 1`),
    )
    const legal = await fetch(`${app.url}/invoices/${row!.id}.pdf?paper=legal`)
    expect(legal.status).toBe(400)
    expect(await legal.text()).toBe('paper must be "a4" or "letter".')
  })

  it('refuses an invoice signed with a number another invoice took, storing nothing', async () => {
    const before = await Promise.all([count('invoices'), count('payment_requests')])
    const stale = await createInvoice(app.url, cookie, alice, invoiceInput(), { number: '2026-0001' })
    expect(stale.errors![0]!.extensions).toMatchObject({ code: 'INVOICE_NUMBER_TAKEN', field: 'number' })
    expect(await Promise.all([count('invoices'), count('payment_requests')])).toEqual(before)
  })

  it('names the field of each bad line or buyer, stores nothing and takes no number', async () => {
    const before = await Promise.all([count('invoices'), count('payment_requests')])
    const line = { description: 'Work', quantity: '1', unitPrice: '10', taxRate: '19' }
    const cases: [Parameters<typeof invoiceInput>[0], string, RegExp][] = [
      [{ lines: [{ ...line, quantity: '-2' }] }, 'lines[0].quantity', /cannot be negative/],
      [{ lines: [line, { ...line, taxRate: '150' }] }, 'lines[1].taxRate', /from 0 to 100/],
      [{ lines: Array.from({ length: 1001 }, () => line) }, 'lines', /at most 1000 lines/],
      [{ buyer: { name: 'Acme\u202Egnp.exe' } }, 'buyer.name', /direction-changing/],
      [{ buyer: { name: 'Acme\u0000' } }, 'buyer.name', /control character/],
      [{ lines: [{ ...line, unitPrice: '0' }] }, 'lines', /total must be more than zero/],
    ]
    for (const [change, field, message] of cases) {
      const refused = await createInvoice(app.url, cookie, alice, invoiceInput(change))
      expect(refused.errors![0]!.extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', field })
      expect(refused.errors![0]!.message).toMatch(message)
    }
    expect(await Promise.all([count('invoices'), count('payment_requests')])).toEqual(before)
    const next = await createInvoice(app.url, cookie, alice, invoiceInput({ currency: 'USD' }))
    expect(next.data!.createInvoice.number).toBe('2026-0003')
  })

  it('is issued in EUR by a merchant’s server, its quotes signed by the API key’s delegate, and paid', async () => {
    const secret = (await createApiKey(app.url, cookie, alice)).data!.createApiKey.secret
    const made = await rest(app.url, '/invoices', {
      method: 'POST',
      secret,
      body: {
        chainId: 31337,
        currency: 'EUR',
        acceptedAssets: [DEV_USDC_ADDRESS],
        buyer: { name: 'Shop customer 7' },
        lines: [{ description: 'Order 7', quantity: '3', unitPrice: '19.99', taxRate: '19' }],
      },
    })
    expect(made.status).toBe(201)
    // 59.97 and 19 % of it (11.3943 → 11.39).
    expect(made.body).toMatchObject({
      asset: 'EUR',
      amount: '7136',
      invoice: { number: expect.stringMatching(/^2026-\d{4}$/) },
    })
    const id = made.body!.id as string
    const quoted = (await quoteOf(app.url, id, DEV_USDC_ADDRESS)).data!.quotePaymentRequest
    await pay(anvilUrl, { from: 3, to: alice.address, amount: BigInt(quoted.amount), reference: quoted.reference })
    await expect.poll(async () => (await readPriced(app.url, id)).status, { timeout: 15_000 }).toBe('paid')
    expect(pdfText(await pdfOf(`/invoices/${id}.pdf`))).toContain('PAID')
  })

  it('takes the payee’s signature of the invoice and refuses their signature of anything else', async () => {
    const signed = await createInvoice(app.url, cookie, alice, invoiceInput())
    expect(signed.errors).toBeUndefined()
    const payee = alice.address as Address
    const mismatch = await createInvoice(
      app.url,
      cookie,
      { ...alice, signTypedData: () => alice.signMessage({ message: payee }) } as never,
      invoiceInput(),
    )
    expect(codes(mismatch)).toEqual(['SIGNATURE_MISMATCH'])
  })
})
