import { parse } from 'csv-parse/sync'
import { createPublicClient, http } from 'viem'
import { startTestApp } from '../../../../../testing/startTestApp.ts'
import { devAccounts } from '../../../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../../../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../../../../chain/tokens.ts'
import {
  invoices,
  paymentRequests,
  payments,
  paymentValues,
  refunds,
  refundTransfers,
  relays,
} from '../../../../db/schema.ts'
import { parseAmount } from '../../../../domain/amount.ts'
import type { InvoiceDocument } from '../../../../domain/invoice/invoiceDocument.ts'
import { newPaymentReference } from '../../../../domain/paymentReference.ts'
import { alice, bob, graphql, signIn } from '../../../testing/graphqlClient.ts'

export const MONTH = '2026-03'
export const hash = (byte: string) => `0x${byte.repeat(64)}`

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

/**
 * A payee's March 2026 in the books: an invoice (two tax rates) paid in USDC, a plain request paid and
 * partly refunded, and a relayer's fee; the app signed in as that payee, and the exports' readers.
 */
export async function startBooksApp(anvilUrl: string) {
  // The fee is valued at the feeds' rounds of its block: fresh ones, whatever other tests did to the clock.
  await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
  const relayBlock = await createPublicClient({ transport: http(anvilUrl) }).getBlockNumber()
  const app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0, watch: false })
  const cookie = (await signIn(app.url, alice)).cookie
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
  const download = (query: string, withCookie = true) =>
    fetch(`${app.url}/export/accounting.csv?${query}`, { headers: withCookie ? { cookie } : {} })
  /** The statement's total for the month, minor units: the figure the exports must add up to. */
  const statementTotal = async () =>
    BigInt(
      (
        await graphql<{ myStatement: { total: string } }>(app.url, `{ myStatement(month: "${MONTH}") { total } }`, {
          cookie,
        })
      ).data!.myStatement.total,
    )
  return { app, cookie, relayBlock, download, statementTotal }
}

/** A signed decimal amount as minor units (2 digits). */
export const minor = (text: string) => (text.startsWith('-') ? -parseAmount(text.slice(1), 2) : parseAmount(text, 2))
export const errorOf = async (response: Response) =>
  ((await response.json()) as { errors: { extensions: Record<string, unknown> }[] }).errors[0]!.extensions
export const csvRows = async (response: Response) => parse(await response.text(), { bom: true }) as string[][]
