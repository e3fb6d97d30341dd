import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../../chain/devnet/setUpDevPriceFeeds.ts'
import { chainClients, pay } from '../../../watcher/testing/payments.ts'
import { parseAmount } from '../../../domain/amount.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import { bob, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'
import {
  authoriseQuoteKey,
  createPricedRequest,
  quoteOf,
  signedPricedInput,
} from '../../testing/pricedRequestClient.ts'

const STATEMENT = `query Statement($month: String!) {
  myStatement(month: $month) {
    currency total totalDecimal unvalued
    lines { kind txHash requestId symbol amountDecimal value valueDecimal rate valuedAt tokenRound }
  }
}`
const IN_BOOKS = 'query($f: PaymentRequestFilter) { myReceivedInBooks(filter: $f) { total payments refunds unvalued } }'
type Statement = {
  currency: string
  total: string
  totalDecimal: string
  unvalued: number
  lines: {
    kind: string
    amountDecimal: string
    txHash: string
    requestId: string
    symbol: string
    value: string | null
    rate: string | null
    valuedAt: string | null
  }[]
}

describe('books in the payee’s currency', () => {
  const anvilUrl = inject('anvilUrl')
  let app: TestApp
  let cookie: string
  beforeAll(async () => {
    // As `npm start` does: the shared chain's feeds are fresh whatever other tests did to its clock.
    await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
    app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, bob)).cookie
    await authoriseQuoteKey(app.url, cookie, bob)
  }, 60_000)
  afterAll(async () => app?.close())

  let month: string
  let plainId: string
  const statement = async (month: string) =>
    graphql<{ myStatement: Statement }>(app.url, STATEMENT, { variables: { month }, cookie })

  it('values every payment in the books currency at its block; the statement’s total is the sum of its lines, in the CSV too', async () => {
    expect(codes(await statement('2026-13'))).toEqual(['BAD_USER_INPUT'])
    expect((await statement('2026-11')).errors![0]!.extensions!.field).toBe('currency')
    const refused = await graphql(app.url, 'mutation { setReportingCurrency(currency: "XYZ") }', { cookie })
    expect(refused.errors![0]!.extensions!.field).toBe('currency')
    await graphql(app.url, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })

    const plain = await createRequest(app.url, cookie, bob, { amount: '107.52', memo: 'Hosting' })
    const first = await pay(anvilUrl, { from: 4, to: bob.address, amount: 107_520_000n, reference: plain.reference })
    const priced = (
      await createPricedRequest(
        app.url,
        cookie,
        await signedPricedInput(bob, { price: '30.00', acceptedAssets: [NATIVE_ASSET] }),
      )
    ).data!.createPricedPaymentRequest
    const quoted = (await quoteOf(app.url, priced.id, NATIVE_ASSET)).data!.quotePaymentRequest
    await pay(anvilUrl, {
      from: 4,
      to: bob.address,
      amount: BigInt(quoted.amount),
      reference: quoted.reference,
      asset: NATIVE_ASSET,
    })

    // The month of the chain's clock, which other tests may have moved on.
    const { publicClient } = chainClients(anvilUrl)
    const { blockNumber } = await publicClient.getTransactionReceipt({ hash: first })
    const { timestamp } = await publicClient.getBlock({ blockNumber })
    month = new Date(Number(timestamp) * 1000).toISOString().slice(0, 7)
    plainId = plain.id
    await expect
      .poll(
        async () => {
          const s = (await statement(month)).data!.myStatement
          return s.lines.length === 2 && s.unvalued === 0
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    const { lines, total, currency } = (await statement(month)).data!.myStatement
    expect(currency).toBe('EUR')
    // 107.52 USDC at 1 USDC = 1 USD and 1 EUR = 1.0752 USD is 100.00 EUR at its block.
    expect(lines[0]).toMatchObject({
      requestId: plain.id,
      symbol: 'USDC',
      value: '10000',
      valuedAt: 'block',
      rate: '0.930059',
    })
    // The ETH payment counts at its quote: exactly its price.
    expect(lines[1]).toMatchObject({ requestId: priced.id, symbol: 'ETH', value: '3000', valuedAt: 'quote' })
    expect(BigInt(total)).toBe(lines.reduce((sum, l) => sum + BigInt(l.value!), 0n))

    const csv = await fetch(`${app.url}/export/statement.csv?month=${month}`, { headers: { cookie } })
    expect(csv.status).toBe(200)
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[]
    const [totalRow] = rows.splice(-1)
    expect(totalRow).toMatchObject({ block_time: 'total', currency: 'EUR', value: '130' })
    expect(rows.map((r) => r.tx_hash)).toEqual(lines.map((l) => l.txHash))
    const sum = rows.reduce((s, r) => s + parseAmount(r.value!, 2), 0n)
    expect(sum).toBe(parseAmount(totalRow!.value!, 2))

    // The dashboard's total and the payments export say the same.
    const inBooks = await graphql<{ myReceivedInBooks: Record<string, unknown> }>(
      app.url,
      'query { myReceivedInBooks { currency total payments unvalued } }',
      { cookie },
    )
    expect(inBooks.data!.myReceivedInBooks).toEqual({ currency: 'EUR', total, payments: 2, unvalued: 0 })
    const byDay = await graphql<{ myReceivedInBooksByDay: { total: { symbol: string; received: string } }[] }>(
      app.url,
      'query { myReceivedInBooksByDay { day total { symbol received } } }',
      { cookie },
    )
    const days = byDay.data!.myReceivedInBooksByDay
    expect(days.every((d) => d.total.symbol === 'EUR')).toBe(true)
    expect(days.reduce((sum, d) => sum + BigInt(d.total.received), 0n)).toBe(BigInt(total))
    // The receipt names each payment's value in the payee's books.
    const receipt = await graphql<{ paymentRequest: { payments: { bookValue: Record<string, string> | null }[] } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { payments { bookValue { currency value valuedAt } } } }',
      { variables: { id: plain.id } },
    )
    expect(receipt.data!.paymentRequest.payments[0]!.bookValue).toEqual({
      currency: 'EUR',
      value: '10000',
      valuedAt: 'block',
    })
    const exported = parse(await (await fetch(`${app.url}/export/payments.csv`, { headers: { cookie } })).text(), {
      columns: true,
    }) as Record<string, string>[]
    expect(exported.map((r) => [r.symbol, r.value_currency, r.value, r.valued_at]).sort()).toEqual([
      ['ETH', 'EUR', '30', 'quote'],
      ['USDC', 'EUR', '100', 'block'],
    ])
  })

  it('lists a refund as a negative line valued at the rate its request was paid at, and takes it off the total', async () => {
    const before = (await statement(month)).data!.myStatement
    const prepared = await graphql<{ prepareRefund: { transaction: { to: `0x${string}`; data: `0x${string}` } } }>(
      app.url,
      'mutation($r: String!) { prepareRefund(requestId: $r, amount: "53.76") { transaction { to data } } }',
      { variables: { r: plainId }, cookie },
    )
    const { walletOf, publicClient } = chainClients(anvilUrl)
    const hash = await walletOf(1).sendTransaction(prepared.data!.prepareRefund.transaction)
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    await expect.poll(async () => (await statement(month)).data!.myStatement.lines.length, { timeout: 15_000 }).toBe(3)
    const after = (await statement(month)).data!.myStatement
    // Half of 107.52 USDC that was worth 100.00 EUR then: 50.00 EUR back, whatever the rate is now.
    expect(after.lines.find((l) => l.kind === 'refund')).toMatchObject({
      txHash: hash,
      requestId: plainId,
      amountDecimal: '-53.76',
      value: '-5000',
      valuedAt: 'refund',
    })
    expect(BigInt(after.total)).toBe(BigInt(before.total) - 5000n)
    const rows = parse(
      await (await fetch(`${app.url}/export/statement.csv?month=${month}`, { headers: { cookie } })).text(),
      { columns: true },
    ) as Record<string, string>[]
    expect(rows.find((r) => r.kind === 'refund')).toMatchObject({ amount: '-53.76', value: '-50' })
    expect(rows.at(-1)).toMatchObject({ block_time: 'total', value: '80' })

    // The dashboard's "in your books" for the same month is the same figure: the refund taken off.
    const [from, to] = [0, 1].map((m) => new Date(Date.UTC(+month.slice(0, 4), +month.slice(5) - 1 + m, 1)))
    const inBooks = await graphql<{ myReceivedInBooks: unknown }>(app.url, IN_BOOKS, {
      variables: { f: { from, to } },
      cookie,
    })
    expect(inBooks.data!.myReceivedInBooks).toEqual({ total: after.total, payments: 2, refunds: 1, unvalued: 0 })
  })
})

describe('a payment refunded in parts, in the books', () => {
  const anvilUrl = inject('anvilUrl')
  let app: TestApp
  let cookie: string
  beforeAll(async () => {
    await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
    app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, bob)).cookie
    await graphql(app.url, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })
  }, 60_000)
  afterAll(async () => app?.close())

  it('nets a payment refunded in full in three parts to exactly nothing: the parts take their shares cumulatively', async () => {
    const { walletOf, publicClient } = chainClients(anvilUrl)
    const request = await createRequest(app.url, cookie, bob, { amount: '10.00', memo: 'Refunded in thirds' })
    await pay(anvilUrl, { from: 4, to: bob.address, amount: 10_000_000n, reference: request.reference })
    const status = async () =>
      (
        await graphql<{ paymentRequest: { status: string } }>(
          app.url,
          'query($id: String!) { paymentRequest(id: $id) { status } }',
          { variables: { id: request.id } },
        )
      ).data!.paymentRequest.status
    await expect.poll(status, { timeout: 15_000 }).toBe('paid')
    let last: `0x${string}` | undefined
    // 10.00 USDC is 9.30 EUR (1 EUR = 1.0752 USD); each third rounded down on its own would give back 9.28.
    for (const amount of ['3.33', '3.33', '3.34']) {
      const prepared = await graphql<{ prepareRefund: { transaction: { to: `0x${string}`; data: `0x${string}` } } }>(
        app.url,
        'mutation($r: String!, $a: String!) { prepareRefund(requestId: $r, amount: $a) { transaction { to data } } }',
        { variables: { r: request.id, a: amount }, cookie },
      )
      expect(prepared.errors).toBeUndefined()
      last = await walletOf(1).sendTransaction(prepared.data!.prepareRefund.transaction)
      await publicClient.waitForTransactionReceipt({ hash: last, pollingInterval: 20 })
    }
    const { blockNumber } = await publicClient.getTransactionReceipt({ hash: last! })
    const { timestamp } = await publicClient.getBlock({ blockNumber })
    const month = new Date(Number(timestamp) * 1000).toISOString().slice(0, 7)
    const linesOf = async () =>
      (
        await graphql<{ myStatement: Statement }>(app.url, STATEMENT, { variables: { month }, cookie })
      ).data!.myStatement.lines.filter((l) => l.requestId === request.id)
    await expect.poll(async () => (await linesOf()).filter((l) => l.value !== null).length, { timeout: 20_000 }).toBe(4)
    const lines = await linesOf()
    expect(lines.map((l) => [l.kind, l.amountDecimal, l.value])).toEqual([
      ['payment', '10', '930'],
      ['refund', '-3.33', '-309'],
      ['refund', '-3.33', '-310'],
      ['refund', '-3.34', '-311'],
    ])
    expect(lines.reduce((sum, l) => sum + BigInt(l.value!), 0n)).toBe(0n)
  })
})
