import iconv from 'iconv-lite'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { payoutLines, payouts } from '../../../db/schema.ts'
import { newPaymentReference } from '../../../domain/paymentReference.ts'
import { alice } from '../../testing/graphqlClient.ts'
import { csvRows, hash, MONTH, startBooksApp } from './testing/booksFixture.ts'

let books: Awaited<ReturnType<typeof startBooksApp>>
const recipient = devAccounts[7]!

beforeAll(async () => {
  books = await startBooksApp(inject('anvilUrl'))
  const block = await createPublicClient({ transport: http(inject('anvilUrl')) }).getBlockNumber()
  const { db } = books.app.database
  await db.insert(payouts).values({ id: 'payoutMarch', payee: alice.address, chainId: 31337, createdBlock: block })
  const line = (n: number, paid: boolean) => ({
    id: `payoutLine${n}`,
    payoutId: 'payoutMarch',
    line: n,
    asset: DEV_USDC_ADDRESS,
    symbol: 'USDC',
    decimals: 6,
    toAddress: recipient,
    amount: `${n}5000000`,
    note: `March contractor ${n}`,
    reference: newPaymentReference(),
    ...(paid && {
      txHash: hash(String(n)),
      logIndex: n,
      blockNumber: block,
      blockHash: hash('e'),
      blockTime: new Date(`2026-03-2${n}T10:00:00Z`),
    }),
  })
  // Line 2 is prepared but never sent: it is not money out.
  await db.insert(payoutLines).values([line(1, true), line(2, false)])
}, 60_000)
afterAll(async () => books?.app.close())

describe('payouts in the books', () => {
  it('Xero’s and QuickBooks Online’s statements carry each paid payout line as money out, and leave the unpaid one out', async () => {
    const [, ...xero] = await csvRows(await books.download(`format=xero-statement&month=${MONTH}`))
    const xeroPayouts = xero.filter((r) => r[3]!.startsWith('Payout'))
    expect(xeroPayouts).toHaveLength(1)
    expect(xeroPayouts[0]![0]).toBe('21/03/2026')
    expect(xeroPayouts[0]![1]).toMatch(/^-\d+\.\d{2}$/)
    expect(xeroPayouts[0]![2]).toBe(recipient)
    expect(xeroPayouts[0]![3]).toMatch(/^Payout -15 USDC \(March contractor 1\); rate .*tx eip155:31337:0x1{64}$/)

    const [, ...quickBooks] = await csvRows(await books.download(`format=quickbooks-statement&month=${MONTH}`))
    const qbPayouts = quickBooks.filter((r) => r[1]!.includes('Payout'))
    expect(qbPayouts.map((r) => [r[0], r[2]])).toEqual([['03/21/2026', xeroPayouts[0]![1]]])
  })

  it('DATEV books a paid payout line from the clearing account to the payouts account (SKR03 3100)', async () => {
    const response = await books.download(`format=datev&month=${MONTH}`)
    expect(response.headers.get('x-unvalued-lines')).toBe('0')
    const text = iconv.decode(Buffer.from(await response.arrayBuffer()), 'windows-1252')
    const bookings = text.split('\r\n').filter((row) => row.includes('"Auszahlung'))
    expect(bookings).toHaveLength(1)
    expect(bookings[0]).toMatch(/^13,95;"H";"EUR";;;;1360;3100;;2103;"payout-payoutLine1";/)
    expect(bookings[0]).toContain('"Auszahlung -15 USDC')
  })
})
