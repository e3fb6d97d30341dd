import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catchUpAll, startThreeChainApp, type ThreeChains } from '../../testing/threeChains.ts'
import type { TestApp } from '../../testing/startTestApp.ts'
import { DEV_CHAIN_ID } from '../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { payments } from '../db/schema.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import { requestTermsTypedData, type AcceptedChain } from '../domain/requestChains.ts'
import { createPaymentRequest } from '../payments/requests/createPaymentRequest.ts'
import { silentLogger } from '../domain/logger.ts'
import { valueForBooks } from '../payments/quotes/bookValues.ts'
import { pay } from '../watcher/testing/payments.ts'
import { alice, graphql, signIn } from './testing/graphqlClient.ts'

const PORT = Number(process.env.TEST_ANVIL_PORT ?? 8556) + 12
const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
const USDC_ON_ALL: AcceptedChain[] = [DEV_CHAIN_ID, BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID].map((chainId) => ({
  chainId,
  asset: DEV_USDC_ADDRESS,
}))

let three: ThreeChains
let app: TestApp
let cookie: string
let requestId: string
let month: string
beforeAll(async () => {
  ;({ three, app } = await startThreeChainApp(PORT))
  cookie = (await signIn(app.url, alice)).cookie
  await graphql(app.url, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })
  const watchers = three.watchers(app.database)
  await catchUpAll(watchers)

  // Alice asks 10 USDC on the three chains; it is paid 4 on the Base Sepolia id's and 6 on the Arbitrum Sepolia id's.
  const input = {
    chainId: DEV_CHAIN_ID,
    asset: DEV_USDC_ADDRESS,
    amount: '10',
    payer: null,
    memo: 'Two chains',
    dueAt: new Date(Math.floor(Date.now() / 1000 + 86_400) * 1000).toISOString(),
    reference: newPaymentReference(),
  }
  const signature = await alice.signTypedData(
    requestTermsTypedData({
      ...input,
      amount: 10_000_000n,
      payee: alice.address,
      dueAt: new Date(input.dueAt),
      acceptedChains: USDC_ON_ALL,
    }) as Parameters<typeof alice.signTypedData>[0],
  )
  const request = await createPaymentRequest(
    { db: app.database.db, assets: three.assets, clients: three.clients },
    alice.address,
    { ...input, signature, acceptedChains: USDC_ON_ALL },
  )
  requestId = request.id
  const rpcOf = (chainId: number) => three.nodes.find((n) => n.chainId === chainId)!.rpcUrl
  for (const [chainId, amount] of [
    [BASE_SEPOLIA_ID, 4_000_000n],
    [ARBITRUM_SEPOLIA_ID, 6_000_000n],
  ] as const)
    await pay(rpcOf(chainId), {
      from: 6,
      to: alice.address,
      amount,
      reference: request.reference as `0x${string}`,
      chainId,
    })
  await catchUpAll(watchers)

  // Each payment valued in the books' currency at its block from its chain's price feeds, as the server's appraiser does.
  await valueForBooks(app.database.db, {
    chainOf: (id) => three.chains.find((c) => c.chain.id === id),
    clientOf: (id) => three.clients.get(id),
    assets: three.assets,
    logger: silentLogger,
  })
  const paid = await app.database.db.select().from(payments)
  month = paid[0]!.blockTime.toISOString().slice(0, 7)
}, 90_000)
afterAll(async () => {
  await app?.close()
  await three?.stop()
})

const download = async (path: string) => {
  const response = await fetch(new URL(path, app.url), { headers: { cookie } })
  expect(response.status).toBe(200)
  return response
}
/** A file's rows, by chain: each chain's block times are its own Anvil's, so the order in time is not this test's. */
const byChain = <T>(rows: T[], chainOf: (row: T) => string) =>
  rows.sort((a, b) => chainOf(a).localeCompare(chainOf(b), 'en', { numeric: true }))
const csvRows = async (path: string) =>
  parse(await (await download(path)).text(), { columns: true }) as Record<string, string>[]

describe('the exports of a request paid on two chains', () => {
  it('list two payments in payments.csv, each with its chain id and name', async () => {
    const rows = byChain(await csvRows('/export/payments.csv'), (r) => r.chain_id!)
    expect(rows.map((r) => [r.request_id, r.chain_id, r.chain_name, r.amount, r.asset])).toEqual([
      [requestId, '84532', 'Billfold dev chain (Base Sepolia id)', '4', DEV_USDC_ADDRESS],
      [requestId, '421614', 'Billfold dev chain (Arbitrum Sepolia id)', '6', DEV_USDC_ADDRESS],
    ])
  })

  it("give each line of the month's statement its chain", async () => {
    const rows = byChain(await csvRows(`/export/statement.csv?month=${month}`), (r) => r.chain_id!)
    expect(rows.filter((r) => r.kind === 'payment').map((r) => [r.chain_id, r.chain_name, r.amount])).toEqual([
      ['84532', 'Billfold dev chain (Base Sepolia id)', '4'],
      ['421614', 'Billfold dev chain (Arbitrum Sepolia id)', '6'],
    ])
  })

  it('name the chain in the description of each Xero and QuickBooks bank line', async () => {
    for (const [format, column] of [
      ['xero-statement', 'Description'],
      ['quickbooks-statement', 'Description'],
    ] as const) {
      const rows = await csvRows(`/export/accounting.csv?format=${format}&month=${month}`)
      const described = rows.map((r) =>
        r[column]!.match(/Payment (\d+) USDC.*; chain ([^;]+); tx eip155:(\d+):/)!.slice(1),
      )
      expect(byChain(described, (d) => d[2]!)).toEqual([
        ['4', 'Billfold dev chain (Base Sepolia id)', '84532'],
        ['6', 'Billfold dev chain (Arbitrum Sepolia id)', '421614'],
      ])
    }
  })

  it('carry the chain in a DATEV booking of its own additional information', async () => {
    const response = await download(`/export/accounting.csv?format=datev&month=${month}`)
    const text = iconv.decode(Buffer.from(await response.arrayBuffer()), 'windows-1252')
    const bookings = parse(text.split('\r\n').slice(2).join('\r\n'), { delimiter: ';' }) as string[][]
    expect(byChain(bookings, (b) => b[56]!.replace(/\D/g, '')).map((b) => [b[48], b[55], b[56]])).toEqual([
      ['4 USDC', 'Blockchain', 'Billfold dev chain (Base Sepolia id) (84532)'],
      ['6 USDC', 'Blockchain', 'Billfold dev chain (Arbitrum Sepolia id) (421614)'],
    ])
  })
})

describe('what the payee sees of a request paid on two chains', () => {
  it("gives the dashboard's received totals per chain the payments arrived on, not the request's own", async () => {
    const { data } = await graphql<{ myReceivedTotals: Record<string, unknown>[] }>(
      app.url,
      '{ myReceivedTotals { chainId asset symbol received receivedDecimal payments } }',
      { cookie },
    )
    expect(data!.myReceivedTotals).toEqual([
      {
        chainId: BASE_SEPOLIA_ID,
        asset: DEV_USDC_ADDRESS,
        symbol: 'USDC',
        received: '4000000',
        receivedDecimal: '4',
        payments: 1,
      },
      {
        chainId: ARBITRUM_SEPOLIA_ID,
        asset: DEV_USDC_ADDRESS,
        symbol: 'USDC',
        received: '6000000',
        receivedDecimal: '6',
        payments: 1,
      },
    ])
  })

  it("gives the request's payments each with its chain, and what it received on each chain", async () => {
    const { data } = await graphql<{
      paymentRequest: {
        receivedDecimal: string
        payments: { chainId: number; amountDecimal: string }[]
        receivedByChain: Record<string, unknown>[]
      }
    }>(
      app.url,
      `{ paymentRequest(id: "${requestId}") { receivedDecimal payments { chainId amountDecimal } receivedByChain { chainId asset receivedDecimal payments } } }`,
      { cookie },
    )
    const request = data!.paymentRequest
    expect(request.receivedDecimal).toBe('10')
    expect(byChain(request.payments, (p) => String(p.chainId))).toEqual([
      { chainId: BASE_SEPOLIA_ID, amountDecimal: '4' },
      { chainId: ARBITRUM_SEPOLIA_ID, amountDecimal: '6' },
    ])
    expect(request.receivedByChain).toEqual([
      { chainId: BASE_SEPOLIA_ID, asset: DEV_USDC_ADDRESS, receivedDecimal: '4', payments: 1 },
      { chainId: ARBITRUM_SEPOLIA_ID, asset: DEV_USDC_ADDRESS, receivedDecimal: '6', payments: 1 },
    ])
  })
})
