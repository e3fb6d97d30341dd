import type { Address } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { devWalletProvider } from '../../../testing/devWalletProvider.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import type { Eip1193Provider } from '../../wallet/types.ts'
import { atomicSupport, batchStatus, sendBatch, sendInBatches, type SentBatch } from '../../wallet/batchCalls.ts'
import { CallsError, CallsErrorCode } from '../../../devwallet/src/walletCalls.ts'
import { UserRejectedError } from '../../wallet/walletErrors.ts'
import { useWatcherHarness } from '../../watcher/testing/watcherHarness.ts'
import { requestsBatch } from './requestsBatch.ts'

// Twenty transactions and a chain set up from scratch: more than the default ten seconds on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 })
const { env, catchUp, newRequest, statusOf, paymentsOf } = useWatcherHarness(8611)
const payees = devAccounts.slice(5, 10) as Address[]

/** Twenty open requests of five payees, 1.01 to 1.20 USDC. */
async function twentyRequests() {
  const requests = []
  for (let i = 0; i < 20; i++) {
    const amount = 1_010_000n + BigInt(i) * 10_000n
    const payee = payees[i % payees.length]!
    const { id, reference } = await newRequest({ amount, payee })
    requests.push({ id, reference, payee, asset: DEV_USDC_ADDRESS, chainId: 31337, due: amount })
  }
  return requests
}

async function settled(provider: Eip1193Provider, sent: SentBatch) {
  if (sent.kind === 'transactions') return { hashes: sent.hashes, atomic: false }
  for (;;) {
    const status = await batchStatus(provider, sent.id)
    if (status.state !== 'pending') return { ...status, hashes: status.transactions.map((t) => t.hash) }
  }
}

describe('several requests paid in one confirmation', () => {
  it('pays twenty requests of five payees with one wallet_sendCalls, one after another where the wallet cannot batch atomically', async () => {
    const provider = devWalletProvider(env.anvil.rpcUrl, { index: 3 })
    const requests = await twentyRequests()
    const support = await atomicSupport(provider, provider.address, 31337)
    expect(support).toBe('unsupported')
    const { chainId, calls } = requestsBatch(requests)
    const sent = await sendBatch(provider, { from: provider.address, chainId, calls, support })
    expect(sent.kind).toBe('calls')
    const outcome = await settled(provider, sent)
    expect(outcome).toMatchObject({ state: 'confirmed', atomic: false })
    expect(new Set(outcome.hashes).size).toBe(20)
    await catchUp()
    for (const request of requests) {
      expect(await statusOf(request.id)).toEqual({ status: 'paid', received: request.due })
      expect(await paymentsOf(request.id)).toHaveLength(1)
    }
  })

  it('pays twenty requests in one transaction where the wallet batches atomically, upgrading the account first', async () => {
    const provider = devWalletProvider(env.anvil.rpcUrl, { index: 4, atomic: true })
    const requests = await twentyRequests()
    expect(await atomicSupport(provider, provider.address, 31337)).toBe('supported')
    const sent = await sendBatch(provider, { from: provider.address, ...requestsBatch(requests), support: 'supported' })
    const outcome = await settled(provider, sent)
    expect(outcome).toMatchObject({ state: 'confirmed', atomic: true })
    expect(outcome.hashes).toHaveLength(1)
    expect(await atomicSupport(provider, provider.address, 31337)).toBe('ready')
    await catchUp()
    for (const request of requests) {
      expect(await statusOf(request.id)).toEqual({ status: 'paid', received: request.due })
      expect((await paymentsOf(request.id)).map((p) => p.txHash)).toEqual(outcome.hashes)
    }
  })

  it('pays none of the requests when one call of an atomic batch fails', async () => {
    const provider = devWalletProvider(env.anvil.rpcUrl, { index: 4, atomic: true })
    const requests = (await twentyRequests()).slice(0, 3)
    // The last one asks more than the payer holds: its transfer reverts, and the batch with it.
    const batch = requestsBatch([...requests.slice(0, 2), { ...requests[2]!, due: 10n ** 30n }])
    const failure = await sendBatch(provider, { from: provider.address, ...batch, support: 'ready' }).then(
      (sent) => settled(provider, sent),
      (error: unknown) => error,
    )
    expect(failure).not.toMatchObject({ state: 'confirmed' })
    await catchUp()
    for (const request of requests) expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })

  it('answers EIP-5792’s error codes as a wallet does', async () => {
    const declining = devWalletProvider(env.anvil.rpcUrl, {
      index: 8,
      atomic: true,
      upgrade: () =>
        Promise.reject(new CallsError(CallsErrorCode.upgradeRejected, 'User rejected the account upgrade.')),
    })
    const call = { to: devAccounts[9]!, data: '0x', value: '0x0' }
    const sendCalls = (provider: Eip1193Provider, fields: Record<string, unknown>) =>
      provider
        .request({
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [call], ...fields }],
        })
        .catch((error: { code: number }) => error.code)
    expect(await sendCalls(declining, { chainId: '0x1' })).toBe(5710)
    expect(await sendCalls(declining, { capabilities: { paymasterService: { url: 'https://pm.example' } } })).toBe(5700)
    expect(
      await sendCalls(declining, {
        capabilities: { paymasterService: { url: 'https://pm.example', optional: true } },
        id: 'once',
      }),
    ).toEqual({ id: 'once' })
    expect(await sendCalls(declining, { id: 'once' })).toBe(5720)
    expect(await sendCalls(declining, { atomicRequired: true })).toBe(5750)
    expect(await sendCalls(devWalletProvider(env.anvil.rpcUrl, { index: 8 }), { atomicRequired: true })).toBe(5760)
    expect(
      await sendCalls(devWalletProvider(env.anvil.rpcUrl, { index: 8, maxCalls: 1 }), { calls: [call, call] }),
    ).toBe(5740)
    const unknown = await declining
      .request({ method: 'wallet_getCallsStatus', params: ['nope'] })
      .catch((e: { code: number }) => e.code)
    expect(unknown).toBe(5730)
    // Declining the upgrade is the person declining: nothing was sent.
    await expect(
      sendBatch(declining, {
        from: declining.address,
        chainId: 31337,
        calls: [{ to: devAccounts[9]!, data: '0x' }],
        support: 'supported',
      }),
    ).rejects.toBeInstanceOf(UserRejectedError)
  })

  it('sends each call as its own transaction where the wallet has no EIP-5792', async () => {
    const wallet = devWalletProvider(env.anvil.rpcUrl, { index: 3 })
    const provider: Eip1193Provider = {
      ...wallet,
      request: (args) =>
        args.method.startsWith('wallet_')
          ? Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 }))
          : wallet.request(args),
    }
    const requests = (await twentyRequests()).slice(0, 3)
    const support = await atomicSupport(provider, wallet.address, 31337)
    expect(support).toBe('no-eip5792')
    const sent = await sendBatch(provider, { from: wallet.address, ...requestsBatch(requests), support })
    expect(sent).toMatchObject({ kind: 'transactions' })
    await catchUp()
    for (const request of requests) expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('splits a batch the wallet refuses as too large (5740) into batches it takes', async () => {
    const provider = devWalletProvider(env.anvil.rpcUrl, { index: 3, maxCalls: 8 })
    const requests = await twentyRequests()
    const batches = await sendInBatches(provider, {
      from: provider.address,
      ...requestsBatch(requests),
      support: 'unsupported',
    })
    // Halved until the wallet takes it (10 is refused, 5 taken), then the rest at that size.
    expect(batches.map((b) => b.calls.length)).toEqual([5, 5, 5, 5])
    await catchUp()
    for (const request of requests) expect((await statusOf(request.id)).status).toBe('paid')
  })
})
