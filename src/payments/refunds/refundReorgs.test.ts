import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { alice, graphql } from '../../api/testing/graphqlClient.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { useRefundsApp } from './testing/refundsApp.ts'

// A chain of this file's own: its tests reorg it.
const { env, prepare, requestOf, send, paidRequest } = useRefundsApp()

describe('refunds across a reorg', () => {
  it('returns the request to unrefunded when a reorg removes the refund, and says so by webhook', async () => {
    const request = await paidRequest(6_000_000n, 6_000_000n)
    const { publicClient, testClient } = chainClients(env.anvil.rpcUrl)
    await testClient.mine({ blocks: 1 })
    const prepared = (await prepare(request.id, '6')).data!.prepareRefund
    await send(prepared)
    await expect.poll(async () => (await requestOf(request.id)).refundStatus, { timeout: 15_000 }).toBe('refunded')
    await publicClient.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
    await testClient.mine({ blocks: 1 })
    await expect.poll(async () => (await requestOf(request.id)).refundStatus, { timeout: 15_000 }).toBe('none')
    expect(await requestOf(request.id)).toMatchObject({ status: 'paid', refunded: '0' })
    await expect
      .poll(() => env.receiver.events('refund.reverted').map((e) => e.json.data.request.id), { timeout: 15_000 })
      .toContain(request.id)
  })

  it('is named once in the audit log as sent from the business’s wallet when a reorg drops its transfer and the chain takes it again', async () => {
    const request = await paidRequest(4_000_000n, 4_000_000n)
    const { publicClient, testClient } = chainClients(env.anvil.rpcUrl)
    await testClient.mine({ blocks: 1 })
    const prepared = (await prepare(request.id, '4')).data!.prepareRefund
    const hash = await send(prepared)
    await expect.poll(async () => (await requestOf(request.id)).refundStatus, { timeout: 15_000 }).toBe('refunded')
    const sentEntries = async () =>
      (
        await graphql<{ auditLog: { action: string; objectId: string | null; actor: string; clientIp: string }[] }>(
          env.app.url,
          '{ auditLog(first: 200) { action objectId actor clientIp } }',
          { cookie: env.cookie },
        )
      ).data!.auditLog.filter((e) => e.action === 'sendRefund' && e.objectId === prepared.id)
    const once = [{ action: 'sendRefund', objectId: prepared.id, actor: alice.address, clientIp: 'chain' }]
    expect(await sentEntries()).toEqual(once)

    // The refund's block is replaced by an empty one, then the same transaction is mined again.
    const raw = await publicClient.request({ method: 'eth_getRawTransactionByHash' as never, params: [hash] as never })
    await publicClient.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
    await testClient.mine({ blocks: 1 })
    await expect.poll(async () => (await requestOf(request.id)).refundStatus, { timeout: 15_000 }).toBe('none')
    await publicClient.request({ method: 'eth_sendRawTransaction', params: [raw as Hex] })
    await expect.poll(async () => (await requestOf(request.id)).refundStatus, { timeout: 15_000 }).toBe('refunded')
    expect((await requestOf(request.id)).refunds[0]!.transfers).toMatchObject([{ txHash: hash }])
    expect(await sentEntries()).toEqual(once)
  })
})
