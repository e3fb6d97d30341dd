import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { parseAmount } from '../../../domain/amount.ts'
import { errorOf, hash, MONTH, startBooksApp } from './testing/booksFixture.ts'
import iconv from 'iconv-lite'
import { DATEV_COLUMNS } from './datevColumns.ts'
import { graphql } from '../../testing/graphqlClient.ts'

let books: Awaited<ReturnType<typeof startBooksApp>>
beforeAll(async () => {
  books = await startBooksApp(inject('anvilUrl'))
}, 60_000)
afterAll(async () => books?.app.close())
const download = (query: string, withCookie = true) => books.download(query, withCookie)
const statementTotal = () => books.statementTotal()

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
    expect(bookings[3]![50]).toContain(`at block ${books.relayBlock}: Chainlink`)

    // Payments less refunds add up to the statement's total, to the cent.
    const signed = bookings
      .filter((r) => r[7] !== '4970')
      .reduce((sum, r) => sum + (r[1] === 'S' ? 1n : -1n) * parseAmount(r[0]!.replace(',', '.'), 2), 0n)
    expect(signed).toBe(await statementTotal())
    expect(signed).toBe(14790n)
  })

  it('books to SKR04 and to the payee’s own accounts, with tax keys where an account has no automatic tax', async () => {
    const set = await graphql<{ setAccountingSettings: { chart: string } }>(
      books.app.url,
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
        cookie: books.cookie,
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
      books.app.url,
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
      { cookie: books.cookie },
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
