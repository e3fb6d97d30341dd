import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { bob, graphql, signIn } from '../../testing/graphqlClient.ts'
import { csvRows, minor, MONTH, startBooksApp } from './testing/booksFixture.ts'

let books: Awaited<ReturnType<typeof startBooksApp>>
beforeAll(async () => {
  books = await startBooksApp(inject('anvilUrl'))
}, 60_000)
afterAll(async () => books?.app.close())
const download = (query: string, withCookie = true) => books.download(query, withCookie)
const statementTotal = () => books.statementTotal()

describe('Xero and QuickBooks Online files', () => {
  it('give Xero’s bank statement columns, refunds and fees as negative lines of their own, adding up to the statement', async () => {
    const response = await download(`format=xero-statement&month=${MONTH}`)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const [columns, ...rows] = await csvRows(response)
    expect(columns).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference'])
    expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual([
      ['05/03/2026', '120.00', 'RE-2026/001'],
      ['10/03/2026', '46.50', expect.stringMatching(/^0x/)],
      ['10/03/2026', expect.stringMatching(/^-\d+\.\d{2}$/), 'accPlain'],
      ['20/03/2026', '-18.60', expect.stringMatching(/^0x/)],
    ])
    expect(rows[0]![2]).toBe('Müller & Söhne')
    expect(rows[0]![3]).toContain('Payment 129.7 USDC')
    expect(rows[0]![3]).toContain('rate 0.930059 EUR/USDC at block 7: Chainlink')
    expect(rows[2]![3]).toMatch(/^Relayer fee -0\.01 ETH/)
    expect(rows[3]![3]).toMatch(/^Refund -20 USDC/)
    const withoutFees = rows.filter((r) => !r[3]!.startsWith('Relayer fee'))
    expect(withoutFees.reduce((sum, r) => sum + minor(r[1]!), 0n)).toBe(await statementTotal())
  })

  it('give QuickBooks Online’s three bank columns, the payee and document in the description', async () => {
    const [columns, ...rows] = await csvRows(await download(`format=quickbooks-statement&month=${MONTH}`))
    expect(columns).toEqual(['Date', 'Description', 'Amount'])
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ['03/05/2026', '120.00'],
      ['03/10/2026', '46.50'],
      ['03/10/2026', expect.stringMatching(/^-\d+\.\d{2}$/)],
      ['03/20/2026', '-18.60'],
    ])
    expect(rows[0]![1]).toMatch(/^Müller & Söhne RE-2026\/001: Payment 129\.7 USDC/)
    const withoutFees = rows.filter((r) => !r[1]!.includes('Relayer fee'))
    expect(withoutFees.reduce((sum, r) => sum + minor(r[2]!), 0n)).toBe(await statementTotal())
  })

  it('give the invoices issued in the period in Xero’s and QuickBooks Online’s invoice import columns', async () => {
    const [xeroColumns, ...xero] = await csvRows(await download(`format=xero-invoices&month=${MONTH}`))
    expect(xeroColumns).toEqual([
      '*ContactName',
      'EmailAddress',
      'POAddressLine1',
      'POAddressLine2',
      'POAddressLine3',
      'POAddressLine4',
      'POCity',
      'PORegion',
      'POPostalCode',
      'POCountry',
      '*InvoiceNumber',
      'Reference',
      '*InvoiceDate',
      '*DueDate',
      'InventoryItemCode',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      'Discount',
      '*AccountCode',
      '*TaxType',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
      'Currency',
      'BrandingTheme',
    ])
    const field = (row: string[], name: string) => row[xeroColumns!.indexOf(name)]
    expect(
      xero.map((r) =>
        [
          '*ContactName',
          '*InvoiceNumber',
          '*InvoiceDate',
          '*DueDate',
          '*Description',
          '*Quantity',
          '*UnitAmount',
          '*AccountCode',
          '*TaxType',
          'Currency',
        ].map((n) => field(r, n)),
      ),
    ).toEqual([
      ['Müller & Söhne', 'RE-2026/001', '02/03/2026', '16/03/2026', 'Beratung', '1', '100', '200', '19%', 'EUR'],
      ['Müller & Söhne', 'RE-2026/001', '02/03/2026', '16/03/2026', 'Fachbuch', '1', '10', '200', '7%', 'EUR'],
    ])
    expect([field(xero[0]!, 'POAddressLine1'), field(xero[0]!, 'POAddressLine2')]).toEqual([
      'Königsallee 2',
      '40212 Düsseldorf',
    ])

    const [qboColumns, ...qbo] = await csvRows(await download(`format=quickbooks-invoices&month=${MONTH}`))
    expect(qboColumns).toEqual([
      'Invoice number',
      'Customer',
      'Invoice date',
      'Due date',
      'Terms',
      'Service Date',
      'Item (Product/Service)',
      'Item Description',
      'Item Quantity',
      'Item Rate',
      'Item Amount',
      'Item tax code',
      'Memo',
    ])
    expect(qbo.map((r) => [r[0], r[1], r[2], r[3], r[7], r[10], r[11]])).toEqual([
      ['RE-2026/001', 'Müller & Söhne', '03/02/2026', '03/16/2026', 'Beratung', '100.00', '19%'],
      ['RE-2026/001', 'Müller & Söhne', '03/02/2026', '03/16/2026', 'Fachbuch', '10.00', '7%'],
    ])
    // Another month has none of them.
    const [, ...april] = await csvRows(await download('format=xero-invoices&month=2026-04'))
    expect(april).toEqual([])
  })
})

describe('whose books', () => {
  it('gives another payee none of these lines or invoices', async () => {
    const cookie = (await signIn(books.app.url, bob)).cookie
    await graphql(books.app.url, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })
    for (const format of ['xero-statement', 'quickbooks-statement', 'xero-invoices', 'quickbooks-invoices']) {
      const response = await fetch(`${books.app.url}/export/accounting.csv?format=${format}&month=${MONTH}`, {
        headers: { cookie },
      })
      const [, ...rows] = await csvRows(response)
      expect(rows, format).toEqual([])
    }
  })
})
