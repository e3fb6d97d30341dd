import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { chainClients, pay } from '../../watcher/testing/payments.ts'
import { authoriseMemberDelegate, joinAs } from '../testing/businessClient.ts'
import { alice, codes, graphql, signIn } from '../testing/graphqlClient.ts'
import { createRequest } from '../testing/paymentRequestInput.ts'

// A chain of its own: the owner (alice, dev account 0) is paid on it and refunds from it.
let anvil: AnvilNode
let app: TestApp
beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
}, 60_000)
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

type Refund = { id: string; state: string; transaction: { from: string; to: Hex; value: string; data: Hex } }
const PREPARE =
  'mutation($r: String!, $a: String!) { prepareRefund(requestId: $r, amount: $a) { id state transaction { from to value data } } }'
const prepare = (cookie: string, requestId: string, amount: string) =>
  graphql<{ prepareRefund: Refund }>(app.url, PREPARE, { variables: { r: requestId, a: amount }, cookie })
const refundsOf = async (cookie: string, id: string) =>
  (
    await graphql<{ paymentRequest: { received: string; refunded: string; refunds: { id: string; state: string }[] } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { received refunded refunds { id state } } }',
      { variables: { id }, cookie },
    )
  ).data!.paymentRequest

describe('a refund a member prepares', { timeout: 90_000 }, () => {
  it('is prepared by an admin on the members’ delegate’s authority and sent only by the owner’s wallet; a cashier and an accountant may not; a revocation stops it', async () => {
    const owner = (await signIn(app.url, alice)).cookie
    const wallet = () => privateKeyToAccount(generatePrivateKey())
    const adminWallet = wallet()
    const admin = await joinAs(app.url, owner, 'admin', adminWallet)
    const cashier = await joinAs(app.url, owner, 'cashier', wallet())
    const accountant = await joinAs(app.url, owner, 'accountant', wallet())
    await authoriseMemberDelegate(app.url, owner, alice)
    const request = await createRequest(app.url, owner, alice, { asset: DEV_USDC_ADDRESS, amount: '10' })
    await pay(anvil.rpcUrl, { from: 1, to: alice.address, amount: 10_000_000n, reference: request.reference })
    await expect.poll(async () => (await refundsOf(owner, request.id)).received, { timeout: 15_000 }).toBe('10000000')

    const prepared = (await prepare(admin, request.id, '2.5')).data!.prepareRefund
    // The money leaves the business's own wallet: the transaction is the owner's to send.
    expect(prepared).toMatchObject({ state: 'awaiting_transfer', transaction: { from: alice.address } })
    expect(codes(await prepare(cashier, request.id, '1'))).toEqual(['FORBIDDEN'])
    expect(codes(await prepare(accountant, request.id, '1'))).toEqual(['FORBIDDEN'])
    // A prepared refund is the business's to see: the accountant reads it, the cashier sees none until it is sent.
    expect((await refundsOf(accountant, request.id)).refunds.map((r) => r.id)).toEqual([prepared.id])
    expect((await refundsOf(cashier, request.id)).refunds).toEqual([])

    const { walletOf, publicClient } = chainClients(anvil.rpcUrl)
    const hash = await walletOf(0).sendTransaction({
      to: prepared.transaction.to,
      value: BigInt(prepared.transaction.value),
      data: prepared.transaction.data,
    })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    await expect
      .poll(async () => (await refundsOf(owner, request.id)).refunds.find((r) => r.id === prepared.id)?.state, {
        timeout: 15_000,
      })
      .toBe('refunded')
    // The audit log names each: the admin who prepared it, and the business's wallet that sent it, from the chain.
    const log = await graphql<{
      auditLog: { actor: string; role: string; action: string; objectId: string; clientIp: string }[]
    }>(app.url, '{ auditLog { actor role action objectId clientIp } }', { cookie: owner })
    const entries = log.data!.auditLog.filter((e) => e.objectId === prepared.id)
    expect(entries.map(({ actor, role, action, clientIp }) => ({ actor, role, action, clientIp }))).toEqual([
      { actor: alice.address, role: 'owner', action: 'sendRefund', clientIp: 'chain' },
      {
        actor: adminWallet.address,
        role: 'admin',
        action: 'prepareRefund',
        clientIp: expect.not.stringMatching(/^chain$/),
      },
    ])

    await graphql(app.url, 'mutation { revokeMemberDelegate { revokedAt } }', { cookie: owner })
    expect(codes(await prepare(admin, request.id, '1'))).toEqual(['DELEGATION_MISSING'])
    // The owner's own refunds need no delegate.
    expect((await prepare(owner, request.id, '1')).data?.prepareRefund.state).toBe('awaiting_transfer')
  })
})
