import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { bob, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../chain/devnet/setUpDevPriceFeeds.ts'
import { chainClients, pay } from '../../watcher/testing/payments.ts'

const FIGURES = `query($month: String!) {
  myReceivedInBooks { total payments refunds unvalued }
  myReceivedInBooksByDay { day total { symbol received } }
  myStatement(month: $month) { total lines { kind value } }
}`
type Figures = {
  myReceivedInBooks: { total: string; payments: number; refunds: number; unvalued: number }
  myReceivedInBooksByDay: { day: string; total: { symbol: string; received: string } }[]
  myStatement: { total: string; lines: { kind: string; value: string | null }[] }
}

describe('received in the books, with a refund', () => {
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

  it('is one figure on the dashboard, in its chart’s days and on the statement, the refund taken off the day it was mined', async () => {
    const { walletOf, publicClient } = chainClients(anvilUrl)
    const request = await createRequest(app.url, cookie, bob, { amount: '10.00', memo: 'Refunded in part' })
    await pay(anvilUrl, { from: 4, to: bob.address, amount: 10_000_000n, reference: request.reference })
    const inBooks = async () =>
      (
        await graphql<Pick<Figures, 'myReceivedInBooks'>>(app.url, 'query { myReceivedInBooks { payments } }', {
          cookie,
        })
      ).data!.myReceivedInBooks
    await expect.poll(async () => (await inBooks()).payments, { timeout: 15_000 }).toBe(1)
    const prepared = await graphql<{ prepareRefund: { transaction: { to: `0x${string}`; data: `0x${string}` } } }>(
      app.url,
      'mutation($r: String!) { prepareRefund(requestId: $r, amount: "4.00") { transaction { to data } } }',
      { variables: { r: request.id }, cookie },
    )
    const hash = await walletOf(1).sendTransaction(prepared.data!.prepareRefund.transaction)
    const { blockNumber } = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const refundDay = new Date(Number((await publicClient.getBlock({ blockNumber })).timestamp) * 1000)
    const figures = async () =>
      (
        await graphql<Figures>(app.url, FIGURES, {
          variables: { month: refundDay.toISOString().slice(0, 7) },
          cookie,
        })
      ).data!
    await expect
      .poll(async () => (await figures()).myReceivedInBooks, { timeout: 20_000 })
      .toMatchObject({ payments: 1, refunds: 1, unvalued: 0 })

    const { myReceivedInBooks: dashboard, myReceivedInBooksByDay: chart, myStatement: statement } = await figures()
    const [payment, refund] = ['payment', 'refund'].map((kind) =>
      BigInt(statement.lines.find((l) => l.kind === kind)!.value!),
    )
    // 4 of 10 USDC back: its value is taken off the payment's.
    expect(refund! < 0n && -refund! < payment!).toBe(true)
    expect(dashboard.total).toBe(String(payment! + refund!))
    expect(statement.total).toBe(dashboard.total)
    expect(chart.every((d) => d.total.symbol === 'EUR')).toBe(true)
    expect(chart.reduce((sum, d) => sum + BigInt(d.total.received), 0n)).toBe(BigInt(dashboard.total))
    expect(chart.map((d) => d.day)).toContain(refundDay.toISOString().slice(0, 10))
  })
})
