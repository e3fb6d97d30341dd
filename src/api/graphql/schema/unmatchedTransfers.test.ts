import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../../testing/postgresServer.ts'
import { startFaultyRpc } from '../../../../testing/faultyRpc.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { pay } from '../../../watcher/testing/payments.ts'
import { alice, bob, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'

// A chain of its own: every transfer to alice on it is this file's.
const postgresUrl = inject('postgresUrl')
let anvil: AnvilNode
let app: TestApp
let databaseUrl: string | undefined
let aliceCookie: string
let bobCookie: string

beforeAll(async () => {
  anvil = await startTestChain(8560)
  databaseUrl = postgresUrl ? await createFreshDatabase(postgresUrl) : undefined
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, databaseUrl, rateLimitPerMinute: 0 })
  aliceCookie = (await signIn(app.url, alice)).cookie
  bobCookie = (await signIn(app.url, bob)).cookie
})
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

type Transfer = {
  id: string
  amount: string
  amountDecimal: string
  symbol: string
  from: string
  txHash: string
  dismissedAt: string | null
}
const LIST =
  'query($dismissed: Boolean) { myUnmatchedTransfers(dismissed: $dismissed) { total items { id amount amountDecimal symbol from txHash dismissedAt } } }'
const list = async (dismissed = false, cookie = aliceCookie) =>
  (
    await graphql<{ myUnmatchedTransfers: { total: number; items: Transfer[] } }>(app.url, LIST, {
      variables: { dismissed },
      cookie,
    })
  ).data!.myUnmatchedTransfers
const ASSIGN =
  'mutation($t: String!, $r: String!) { assignUnmatchedTransfer(transferId: $t, requestId: $r) { id status received payments { matchedBy assignedAt } } }'
const assign = (transferId: string, requestId: string, cookie = aliceCookie) =>
  graphql<{
    assignUnmatchedTransfer: {
      status: string
      received: string
      payments: { matchedBy: string; assignedAt: string | null }[]
    }
  }>(app.url, ASSIGN, { variables: { t: transferId, r: requestId }, cookie })
const dismiss = (transferId: string, undo = false) =>
  graphql(
    app.url,
    `mutation($t: String!) { ${undo ? 'restoreUnmatchedTransfer' : 'dismissUnmatchedTransfer'}(transferId: $t) { id dismissedAt } }`,
    { variables: { t: transferId }, cookie: aliceCookie },
  )
const statusOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { status: string; payments: { matchedBy: string }[] } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { status payments { matchedBy } } }',
      { variables: { id } },
    )
  ).data!.paymentRequest

async function waitForUnmatched(txHash: string) {
  await expect
    .poll(async () => (await list()).items.some((t) => t.txHash === txHash), { timeout: 15_000, interval: 100 })
    .toBe(true)
  return (await list()).items.find((t) => t.txHash === txHash)!
}

describe('unmatched transfers', () => {
  let a: { id: string }
  let b: { id: string }
  let ambiguous: Transfer

  it('lists a direct transfer that two requests of the same amount could both be paid by, and pays neither', async () => {
    a = await createRequest(app.url, aliceCookie, alice, { amount: '7.77' })
    b = await createRequest(app.url, aliceCookie, alice, { amount: '7.77' })
    const hash = await pay(anvil.rpcUrl, { from: 1, to: alice.address, amount: 7_770_000n })
    ambiguous = await waitForUnmatched(hash)
    expect(ambiguous).toMatchObject({
      amount: '7770000',
      amountDecimal: '7.77',
      symbol: 'USDC',
      from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
    expect((await statusOf(a.id)).status).toBe('open')
    expect((await statusOf(b.id)).status).toBe('open')
  })

  it('tells the payee that a new request of an amount already open could not be told apart by a direct transfer', async () => {
    const ask = (amount: string) =>
      graphql<{ myOpenRequestWithAmount: boolean }>(
        app.url,
        'query($a: String!, $asset: String!) { myOpenRequestWithAmount(chainId: 31337, asset: $asset, amount: $a) }',
        {
          variables: { a: amount, asset: DEV_USDC_ADDRESS },
          cookie: aliceCookie,
        },
      )
    expect((await ask('7.77')).data!.myOpenRequestWithAmount).toBe(true)
    expect((await ask('7.78')).data!.myOpenRequestWithAmount).toBe(false)
    const bad = await ask('7.7777777')
    expect(codes(bad)).toEqual(['BAD_USER_INPUT'])
    expect(bad.errors![0]!.extensions!.field).toBe('amount')
  })

  it('refuses to assign someone else’s transfer, a forged id, to another payee’s request, a cancelled one or another asset’s, and changes nothing', async () => {
    const bobs = await createRequest(app.url, bobCookie, bob, { amount: '7.77' })
    expect(codes(await assign(ambiguous.id, a.id, bobCookie))).toEqual(['NOT_FOUND'])
    expect(codes(await assign('NoSuchTransfer123', a.id))).toEqual(['NOT_FOUND'])
    expect(codes(await assign("'; drop table payments --", a.id))).toEqual(['NOT_FOUND'])
    expect(codes(await assign(ambiguous.id, bobs.id))).toEqual(['NOT_FOUND'])
    const cancelled = await createRequest(app.url, aliceCookie, alice, { amount: '1' })
    await graphql(app.url, 'mutation($id: String!) { cancelPaymentRequest(id: $id) { id } }', {
      variables: { id: cancelled.id },
      cookie: aliceCookie,
    })
    expect(codes(await assign(ambiguous.id, cancelled.id))).toEqual(['REQUEST_CANCELLED'])
    const native = await createRequest(app.url, aliceCookie, alice, { asset: 'native', amount: '0.5' })
    const wrongAsset = await assign(ambiguous.id, native.id)
    expect(codes(wrongAsset)).toEqual(['BAD_USER_INPUT'])
    expect(wrongAsset.errors![0]!.extensions!.field).toBe('requestId')
    expect((await list()).items.some((t) => t.id === ambiguous.id)).toBe(true)
  })

  it('assigns it to the request the payee chooses, once: paid, shown as assigned, gone from the list', async () => {
    const assigned = await assign(ambiguous.id, a.id)
    expect(assigned.errors).toBeUndefined()
    expect(assigned.data!.assignUnmatchedTransfer).toMatchObject({
      status: 'paid',
      received: '7770000',
      payments: [{ matchedBy: 'assigned', assignedAt: expect.any(String) }],
    })
    expect(codes(await assign(ambiguous.id, b.id))).toEqual(['ALREADY_ASSIGNED'])
    expect((await list()).items.some((t) => t.id === ambiguous.id)).toBe(false)
    expect((await statusOf(b.id)).status).toBe('open')
  })

  it('dismisses a transfer no request fits, lists it among the dismissed, and undoes that', async () => {
    const hash = await pay(anvil.rpcUrl, { from: 2, to: alice.address, amount: 1_230_000n })
    const stray = await waitForUnmatched(hash)
    const before = (await list()).total
    expect((await dismiss(stray.id)).errors).toBeUndefined()
    expect((await list()).total).toBe(before - 1)
    expect((await list(true)).items.map((t) => t.id)).toContain(stray.id)
    expect(codes(await dismiss(stray.id))).toEqual(['ALREADY_DISMISSED'])
    expect(codes(await assign(stray.id, b.id))).toEqual(['TRANSFER_DISMISSED'])
    expect((await dismiss(stray.id, true)).errors).toBeUndefined()
    expect(codes(await dismiss(stray.id, true))).toEqual(['NOT_DISMISSED'])
    expect((await list()).items.map((t) => t.id)).toContain(stray.id)
  })

  it.skipIf(!postgresUrl)(
    'keeps an assignment across a restart: the watcher reads the block again and leaves it a payment',
    async () => {
      await app.close()
      app = await startTestApp({ anvilUrl: anvil.rpcUrl, databaseUrl, rateLimitPerMinute: 0 })
      aliceCookie = (await signIn(app.url, alice)).cookie
      await waitForUnmatched(await pay(anvil.rpcUrl, { from: 3, to: alice.address, amount: 5n })) // a new block, read by the new watcher
      expect(await statusOf(a.id)).toMatchObject({ status: 'paid', payments: [{ matchedBy: 'assigned' }] })
      expect((await list()).items.some((t) => t.txHash === ambiguous.txHash)).toBe(false)
    },
  )
})

describe('the unmatched transfers export', () => {
  it('lists every transfer without a request and what became of it, as CSV', async () => {
    const { parse } = await import('csv-parse/sync')
    const response = await fetch(`${app.url}/export/unmatched.csv`, { headers: { cookie: aliceCookie } })
    expect(response.status).toBe(200)
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[]
    expect(rows.length).toBeGreaterThanOrEqual(2)
    const states = new Set(rows.map((r) => r.state))
    expect(states.has('assigned')).toBe(true)
    expect(rows.find((r) => r.state === 'assigned')).toMatchObject({
      amount: '7.77',
      amount_base_units: '7770000',
      symbol: 'USDC',
      chain_id: '31337',
    })
    expect((await fetch(`${app.url}/export/unmatched.csv`)).status).toBe(401)
  })
})

describe('an assignment whose new status cannot be worked out', () => {
  it('stores nothing: the transfer stays unmatched and the request has no payment', async () => {
    const rpc = await startFaultyRpc(anvil.rpcUrl)
    const faulty = await startTestApp({ anvilUrl: rpc.url, rateLimitPerMinute: 0 })
    try {
      const cookie = (await signIn(faulty.url, alice)).cookie
      const request = await createRequest(faulty.url, cookie, alice, { amount: '3.33' })
      await createRequest(faulty.url, cookie, alice, { amount: '3.33' })
      const hash = await pay(anvil.rpcUrl, { from: 1, to: alice.address, amount: 3_330_000n })
      const listed = async () =>
        (
          await graphql<{ myUnmatchedTransfers: { items: Transfer[] } }>(faulty.url, LIST, {
            variables: { dismissed: false },
            cookie,
          })
        ).data!.myUnmatchedTransfers.items.find((t) => t.txHash === hash)
      await expect.poll(listed, { timeout: 15_000, interval: 100 }).toBeDefined()
      const transfer = (await listed())!
      // The chain's head, which the request's status is worked out from, is unreadable for a moment.
      rpc.faults.rewriteAnswer = (method, result) => (method === 'eth_blockNumber' ? '0xnot-a-number' : result)
      const refused = await graphql(faulty.url, ASSIGN, { variables: { t: transfer.id, r: request.id }, cookie })
      rpc.faults.rewriteAnswer = undefined
      expect(refused.errors).toBeDefined()
      expect(await listed()).toMatchObject({ id: transfer.id })
      const after = await graphql<{ paymentRequest: { status: string; payments: unknown[] } }>(
        faulty.url,
        'query($id: String!) { paymentRequest(id: $id) { status payments { matchedBy } } }',
        { variables: { id: request.id } },
      )
      expect(after.data!.paymentRequest).toEqual({ status: 'open', payments: [] })
    } finally {
      await faulty.close()
      await rpc.close()
    }
  })
})
