import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import {
  invoices,
  paymentRequests,
  payments,
  paymentValues,
  refunds,
  refundTransfers,
  relays,
} from '../../../db/schema.ts'
import { parseAmount } from '../../../domain/amount.ts'
import type { InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { newPaymentReference } from '../../../domain/paymentReference.ts'
import { alice, bob, graphql, signIn } from '../../testing/graphqlClient.ts'
import { DATEV_COLUMNS } from './datevColumns.ts'

const MONTH = '2026-03'
const hash = (byte: string) => `0x${byte.repeat(64)}`

/** An invoice of two lines, 100.00 € at 19 % and 10.00 € at 7 %: 129.70 € in all. */
const document: InvoiceDocument = {
  version: 1,
  number: 'RE-2026/001',
  issueDate: '2026-03-02',
  dueDate: '2026-03-16',
  language: 'de',
  currency: 'EUR',
  minorDigits: 2,
  seller: { name: 'Alice GmbH', address: 'Hauptstraße 1, 10115 Berlin', taxId: 'DE123456789', email: '' },
  buyer: {
    name: 'Müller & Söhne',
    address: 'Königsallee 2\n40212 Düsseldorf',
    taxId: '',
    email: 'buch@mueller.example',
  },
  lines: [
    { description: 'Beratung', quantity: '10000', unitPrice: '100000000', taxRate: '1900' },
    { description: 'Fachbuch', quantity: '10000', unitPrice: '10000000', taxRate: '700' },
  ],
  rounding: 'line',
  notes: '',
  totals: {
    rates: [
      { rate: '1900', net: '10000', tax: '1900' },
      { rate: '700', net: '1000', tax: '70' },
    ],
    net: '11000',
    tax: '1970',
    total: '12970',
  },
}

let app: TestApp
let cookie: string
let relayBlock: bigint
beforeAll(async () => {
  const anvilUrl = inject('anvilUrl')
  // The fee is valued at the feeds' rounds of its block: fresh ones, whatever other tests did to the clock.
  await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
  relayBlock = await createPublicClient({ transport: http(anvilUrl) }).getBlockNumber()
  app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0, watch: false })
  cookie = (await signIn(app.url, alice)).cookie
  await graphql(app.url, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })
  const { db } = app.database
  const request = (id: string, fields: Partial<typeof paymentRequests.$inferInsert>) => ({
    id,
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    symbol: 'USDC',
    decimals: 6,
    amount: '129700000',
    payee: alice.address,
    memo: '',
    dueAt: new Date('2026-04-01T00:00:00Z'),
    reference: newPaymentReference(),
    signature: '0x',
    createdBlock: 0n,
    status: 'paid' as const,
    ...fields,
  })
  await db
    .insert(paymentRequests)
    .values([
      request('accInvoice', { memo: 'Rechnung RE-2026/001' }),
      request('accPlain', { amount: '50000000', memo: 'Beratung €' }),
    ])
  await db.insert(invoices).values({
    requestId: 'accInvoice',
    payee: alice.address,
    sequence: 1,
    number: document.number,
    document: JSON.stringify(document),
    documentHash: hash('d'),
  })
  const payment = (requestId: string, byte: string, amount: string, day: string) => ({
    chainId: 31337,
    txHash: hash(byte),
    logIndex: 0,
    requestId,
    fromAddress: bob.address,
    amount,
    blockNumber: 7n,
    blockHash: hash('e'),
    blockTime: new Date(`2026-03-${day}T10:00:00Z`),
  })
  await db
    .insert(payments)
    .values([payment('accInvoice', 'a', '129700000', '05'), payment('accPlain', 'b', '50000000', '10')])
  const value = (byte: string, minor: string) => ({
    chainId: 31337,
    txHash: hash(byte),
    logIndex: 0,
    blockHash: hash('e'),
    currency: 'EUR',
    value: minor,
    basis: 'block',
    tokenFeed: '0x00000000000000000000000000000000000000f1',
    tokenRound: '5',
    tokenAnswer: '100000000',
    tokenFeedDecimals: 8,
    currencyFeed: '0x00000000000000000000000000000000000000f2',
    currencyRound: '9',
    currencyAnswer: '107520000',
    currencyFeedDecimals: 8,
  })
  // The server values payments in the books' currency as they come; these are the values of this test.
  for (const row of [value('a', '12000'), value('b', '4650')])
    await db
      .insert(paymentValues)
      .values(row)
      .onConflictDoUpdate({
        target: [
          paymentValues.chainId,
          paymentValues.txHash,
          paymentValues.logIndex,
          paymentValues.blockHash,
          paymentValues.currency,
        ],
        set: row,
      })
  await db.insert(refunds).values({
    id: 'accRefund',
    requestId: 'accPlain',
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    payee: alice.address,
    toAddress: bob.address,
    amount: '20000000',
    reference: newPaymentReference(),
    expiresAt: new Date('2026-03-21T00:00:00Z'),
  })
  await db.insert(refundTransfers).values({
    chainId: 31337,
    txHash: hash('f'),
    logIndex: 0,
    refundId: 'accRefund',
    requestId: 'accPlain',
    toAddress: bob.address,
    amount: '20000000',
    blockNumber: 8n,
    blockHash: hash('e'),
    blockTime: new Date('2026-03-20T10:00:00Z'),
  })
  await db.insert(relays).values({
    id: 'accRelay',
    payee: alice.address,
    chainId: 31337,
    relayer: '0x00000000000000000000000000000000000000aa',
    kind: 'payment',
    requestId: 'accPlain',
    target: DEV_USDC_ADDRESS,
    data: '0x',
    value: '0',
    gasLimit: '100000',
    state: 'mined',
    transactionHash: hash('9'),
    minedAtBlock: relayBlock,
    gasUsed: '80000',
    fee: '10000000000000000',
    createdAt: new Date('2026-03-10T10:00:01Z'),
  })
}, 60_000)
afterAll(async () => app?.close())

const download = (query: string, withCookie = true) =>
  fetch(`${app.url}/export/accounting.csv?${query}`, { headers: withCookie ? { cookie } : {} })
/** A signed decimal amount as minor units (2 digits). */
const minor = (text: string) => (text.startsWith('-') ? -parseAmount(text.slice(1), 2) : parseAmount(text, 2))
const errorOf = async (response: Response) =>
  ((await response.json()) as { errors: { extensions: Record<string, unknown> }[] }).errors[0]!.extensions
const csvRows = async (response: Response) => parse(await response.text(), { bom: true }) as string[][]
/** The statement's total for the month, minor units: the figure the exports must add up to. */
const statementTotal = async () =>
  BigInt(
    (
      await graphql<{ myStatement: { total: string } }>(app.url, `{ myStatement(month: "${MONTH}") { total } }`, {
        cookie,
      })
    ).data!.myStatement.total,
  )

describe('DATEV EXTF Buchungsstapel', () => {
  const datev = async () => {
    const response = await download(`format=datev&month=${MONTH}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=windows-1252')
    expect(response.headers.get('content-disposition')).toMatch(
      /filename="EXTF_Buchungsstapel_2026-03-01_2026-03-31\.csv"/,
    )
    expect(response.headers.get('x-unvalued-lines')).toBe('0')
    const bytes = Buffer.from(await response.arrayBuffer())
    const text = iconv.decode(bytes, 'windows-1252')
    const [header, columns, ...rest] = text.split('\r\n')
    expect(rest.at(-1)).toBe('')
    const bookings = parse(rest.slice(0, -1).join('\r\n'), { delimiter: ';', relax_quotes: false }) as string[][]
    return { bytes, text, header: header!.split(';'), columns: columns!.split(';'), bookings }
  }

  it('reads back as Windows-1252 with the documented header, 125 columns, comma amounts, DDMM dates and SKR03 accounts', async () => {
    const { bytes, text, header, columns, bookings } = await datev()
    // ü and € are one byte each in Windows-1252 (0xFC, 0x80), and come back as written.
    expect(bytes.includes(0xfc)).toBe(true)
    expect(bytes.includes(0x80)).toBe(true)
    expect(bytes.includes(Buffer.from('ü', 'utf8'))).toBe(false)
    expect(text).toContain('Müller & Söhne')
    expect(text).toContain('Beratung €')

    expect(header).toHaveLength(31)
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13'])
    expect(header[5]).toMatch(/^\d{17}$/)
    expect(header[7]).toBe('"RE"')
    expect(header.slice(10, 16)).toEqual(['1001', '1', '20260101', '4', '20260301', '20260331'])
    expect(header.slice(18, 22)).toEqual(['1', '0', '0', '"EUR"'])
    expect(header[26]).toBe('"03"')

    expect(columns).toEqual(DATEV_COLUMNS)
    expect(columns).toHaveLength(125)
    expect(columns[0]).toBe('Umsatz (ohne Soll/Haben-Kz)')
    expect(columns[7]).toBe('Gegenkonto (ohne BU-Schlüssel)')
    expect(columns[113]).toBe('Festschreibung')
    expect(columns[124]).toBe('Abw. Skontokonto')

    for (const row of bookings) {
      expect(row).toHaveLength(125)
      expect(row[0]).toMatch(/^\d+,\d{2}$/)
      expect(row[9]).toMatch(/^(0[1-9]|[12]\d|3[01])03$/)
      expect(row[113]).toBe('0')
    }
    const summary = bookings.map((r) => [r[0], r[1], r[6], r[7], r[8], r[9], r[10]])
    expect(summary).toEqual([
      // The invoice's payment, across its rates by their gross (119.00 : 10.70), to the automatic accounts.
      ['110,10', 'S', '1360', '8400', '', '0503', 'RE-2026/001'],
      ['9,90', 'S', '1360', '8300', '', '0503', 'RE-2026/001'],
      // A request without an invoice: plain revenue; the tax is the accountant's call.
      ['46,50', 'S', '1360', '8200', '', '1003', expect.stringMatching(/^0x[0-9a-f]{32}$/)],
      // The relayer's fee, and the refund, each a booking of its own, out of the clearing account.
      [expect.stringMatching(/^\d+,\d{2}$/), 'H', '1360', '4970', '', '1003', 'accPlain'],
      ['18,60', 'H', '1360', '8200', '', '2003', expect.stringMatching(/^0x[0-9a-f]{32}$/)],
    ])
    expect(bookings[3]![0]).not.toBe('0,00')
    // Token amount, rate source and transaction ride along in the booking's additional information.
    const invoiceRow = bookings[0]!
    expect(invoiceRow[13]).toBe('Zahlung 129,7 USDC Müller & Söhne')
    expect(invoiceRow.slice(47, 54)).toEqual([
      'Token-Betrag',
      '129,7 USDC',
      'Kursquelle',
      expect.stringContaining(
        '0.930059 EUR/USDC at block 7: Chainlink 0x00000000000000000000000000000000000000f1 round 5',
      ),
      'Transaktion',
      `eip155:31337:${hash('a')}`,
      'Notiz',
    ])
    expect(bookings[3]![48]).toBe('-0,01 ETH')
    expect(bookings[3]![50]).toContain(`at block ${relayBlock}: Chainlink`)

    // Payments less refunds add up to the statement's total, to the cent.
    const signed = bookings
      .filter((r) => r[7] !== '4970')
      .reduce((sum, r) => sum + (r[1] === 'S' ? 1n : -1n) * parseAmount(r[0]!.replace(',', '.'), 2), 0n)
    expect(signed).toBe(await statementTotal())
    expect(signed).toBe(14790n)
  })

  it('books to SKR04 and to the payee’s own accounts, with tax keys where an account has no automatic tax', async () => {
    const set = await graphql<{ setAccountingSettings: { chart: string } }>(
      app.url,
      `
        mutation ($input: AccountingSettingsInput!) {
          setAccountingSettings(input: $input) {
            chart
            accounts {
              role
              account
              own
            }
          }
        }
      `,
      {
        cookie,
        variables: {
          input: {
            chart: 'SKR04',
            consultantNumber: 29098,
            clientNumber: 55003,
            fiscalYearStart: 1,
            accountLength: 4,
            accounts: [{ role: 'revenueStandard', account: '4401' }],
          },
        },
      },
    )
    expect(set.errors).toBeUndefined()
    const { header, bookings } = await datev()
    expect(header.slice(10, 12)).toEqual(['29098', '55003'])
    expect(header[26]).toBe('"04"')
    expect(bookings.map((r) => [r[1], r[6], r[7], r[8]])).toEqual([
      ['S', '1460', '4401', '3'],
      ['S', '1460', '4300', ''],
      ['S', '1460', '4200', ''],
      ['H', '1460', '6855', ''],
      ['H', '1460', '4200', ''],
    ])

    const refused = await graphql(
      app.url,
      `
        mutation {
          setAccountingSettings(
            input: {
              chart: "SKR05"
              consultantNumber: 12
              clientNumber: 1
              fiscalYearStart: 1
              accountLength: 4
              accounts: [{ role: "fees", account: "49701" }]
            }
          ) {
            chart
          }
        }
      `,
      { cookie },
    )
    expect(refused.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'chart',
      fields: {
        chart: expect.stringContaining('SKR03 or SKR04'),
        consultantNumber: expect.stringContaining('1001'),
        'accounts.fees': expect.stringContaining('4 digits'),
      },
    })
  })

  it('refuses a period across two fiscal years, an unknown format, and anyone signed out', async () => {
    const across = await download('format=datev&from=2026-12-01&to=2027-01-31')
    expect(across.status).toBe(400)
    expect(await errorOf(across)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'to' })
    const unknown = await download(`format=lexoffice&month=${MONTH}`)
    expect(await errorOf(unknown)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'format' })
    const badDay = await download('format=xero-statement&from=2026-02-30&to=2026-03-31')
    expect(await errorOf(badDay)).toMatchObject({ field: 'from' })
    expect((await download(`format=datev&month=${MONTH}`, false)).status).toBe(401)
  })
})

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
