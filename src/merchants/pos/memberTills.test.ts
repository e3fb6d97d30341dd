import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { joinAs } from '../../api/testing/businessClient.ts'
import { alice, codes, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { chargeSale, createTill } from '../../api/testing/tillClient.ts'
import { pay } from '../../watcher/testing/payments.ts'

// A chain of its own (every transfer to alice on it is this file's) and PGlite.
let anvil: AnvilNode
let app: TestApp
let owner: string
let tillId: string
beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
  owner = (await signIn(app.url, alice)).cookie
  const till = await createTill(app.url, owner, alice, { name: 'Counter', chainId: 31337, asset: DEV_USDC_ADDRESS })
  tillId = till.id!
}, 60_000)
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

const cashier = () => joinAs(app.url, owner, 'cashier', privateKeyToAccount(generatePrivateKey()))
const sell = async (cookie: string, amount: string) => {
  const sold = await chargeSale(app.url, cookie, tillId, { amount })
  expect(sold.errors).toBeUndefined()
  const { request } = sold.data!.chargeSale
  const { data } = await graphql<{ paymentRequest: { reference: Hex } }>(
    app.url,
    'query($id: String!) { paymentRequest(id: $id) { reference } }',
    { variables: { id: request.id } },
  )
  return { ...request, reference: data!.paymentRequest.reference }
}
/** What the till's fixed link opens, as a payer's phone asks without signing in. */
const linkOpens = async () =>
  (
    await graphql<{ tillCurrentSale: { id: string } | null }>(
      app.url,
      'query($id: String!) { tillCurrentSale(id: $id) { id } }',
      { variables: { id: tillId } },
    )
  ).data!.tillCurrentSale?.id ?? null
const requestOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { status: string; received: string; payments: { matchedBy: string }[] } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { status received payments { matchedBy } } }',
      { variables: { id } },
    )
  ).data!.paymentRequest
const today = () => {
  const from = new Date()
  from.setUTCHours(0, 0, 0, 0)
  return { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() }
}
const reportLines = async () =>
  (
    await graphql<{ tillReport: { paidCount: number; lines: { requestId: string; status: string }[] } }>(
      app.url,
      'query($id: String!, $from: DateTime!, $to: DateTime!) { tillReport(id: $id, from: $from, to: $to) { paidCount lines { requestId status } } }',
      { cookie: owner, variables: { id: tillId, ...today() } },
    )
  ).data!.tillReport
const unmatchedHashes = async () =>
  (
    await graphql<{ myUnmatchedTransfers: { items: { txHash: string }[] } }>(
      app.url,
      '{ myUnmatchedTransfers { items { txHash } } }',
      { cookie: owner },
    )
  ).data!.myUnmatchedTransfers.items.map((t) => t.txHash)

describe('a member who leaves the till', () => {
  it('leaves no sale waiting behind the till’s fixed link once removed; the till, its report and its past sales stay', async () => {
    const leaving = privateKeyToAccount(generatePrivateKey())
    const tablet = await joinAs(app.url, owner, 'cashier', leaving)
    const paid = await sell(tablet, '3.10')
    await pay(anvil.rpcUrl, { from: 6, to: alice.address, amount: 3_100_000n })
    await expect.poll(async () => (await requestOf(paid.id)).status, { timeout: 15_000, interval: 100 }).toBe('paid')
    const open = await sell(tablet, '4.20')
    expect(await linkOpens()).toBe(open.id)

    const removed = await graphql<{ removeMember: number }>(
      app.url,
      'mutation($m: String!) { removeMember(member: $m) }',
      {
        cookie: owner,
        variables: { m: leaving.address },
      },
    )
    expect(removed.data!.removeMember).toBe(1)
    expect(await linkOpens()).toBeNull()
    expect((await requestOf(open.id)).status).toBe('cancelled')
    expect(codes(await chargeSale(app.url, tablet, tillId, { amount: '1' }))).toEqual(['UNAUTHENTICATED'])
    expect(await reportLines()).toEqual({
      paidCount: 1,
      lines: [
        { requestId: paid.id, status: 'paid' },
        { requestId: open.id, status: 'cancelled' },
      ],
    })

    // Money that still comes for the cancelled sale is not lost: by its reference it is recorded
    // against its request as received, a plain transfer of its amount waits among the unmatched.
    const plain = await pay(anvil.rpcUrl, { from: 7, to: alice.address, amount: 4_200_000n })
    await pay(anvil.rpcUrl, { from: 8, to: alice.address, amount: 4_200_000n, reference: open.reference })
    await expect
      .poll(async () => requestOf(open.id), { timeout: 15_000, interval: 100 })
      .toEqual({ status: 'cancelled', received: '4200000', payments: [{ matchedBy: 'reference' }] })
    await expect.poll(unmatchedHashes, { timeout: 15_000, interval: 100 }).toContain(plain)

    // Another cashier sells at the same till, and its link opens that sale.
    const next = await sell(await cashier(), '5.30')
    expect(await linkOpens()).toBe(next.id)
    expect((await reportLines()).lines.map((l) => l.status)).toEqual(['paid', 'cancelled', 'open'])
  })

  it('ends a cashier’s waiting sale when their new role no longer sells, and keeps it when it still does', async () => {
    const member = privateKeyToAccount(generatePrivateKey())
    const tablet = await joinAs(app.url, owner, 'cashier', member)
    const open = await sell(tablet, '6.40')
    const changeTo = (role: string) =>
      graphql(app.url, 'mutation($m: String!, $r: String!) { changeMemberRole(member: $m, role: $r) }', {
        cookie: owner,
        variables: { m: member.address, r: role },
      })
    expect((await changeTo('admin')).errors).toBeUndefined()
    expect(await linkOpens()).toBe(open.id)
    expect((await requestOf(open.id)).status).toBe('open')
    expect((await changeTo('accountant')).errors).toBeUndefined()
    expect(await linkOpens()).toBeNull()
    expect((await requestOf(open.id)).status).toBe('cancelled')
  })
})
