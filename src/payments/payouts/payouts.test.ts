import { eq } from 'drizzle-orm'
import { getAddress, keccak256, toHex, type Address } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { devWalletProvider } from '../../../testing/devWalletProvider.ts'
import { activeChains } from '../../chain/chains.ts'
import { payoutLines } from '../../db/schema.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { listAudit } from '../../merchants/business/auditLog.ts'
import { sendInBatches } from '../../wallet/batchCalls.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { useWatcherHarness } from '../../watcher/testing/watcherHarness.ts'
import { checkPayout, payoutLineCall, storePayout } from './preparePayout.ts'

// Two hundred transfers and a chain set up from scratch: more than the default ten seconds on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 120_000 })
const { env, catchUp } = useWatcherHarness(8612)
const [chain] = activeChains({ 31337: 'http://unused' })
// The payee pays from the dev wallet's account 2.
// Each pass of the watcher on a busy machine: the test's timeout bounds the wait.
const POLL = { timeout: 60_000 }
const wallet = () => devWalletProvider(env.anvil.rpcUrl, { index: 2 })
const recipient = (i: number) => getAddress(keccak256(toHex(`payout recipient ${i}`)).slice(0, 42)) as Address
const prepare = async (fields: {
  csv?: string
  lines?: { address: string; amount: string; token: string; note?: string }[]
}) =>
  storePayout(
    env.database.db,
    await checkPayout(chainClients(env.anvil.rpcUrl).publicClient, {
      payee: wallet().address,
      chain: chain!,
      ...fields,
    }),
  )

describe('payouts', () => {
  it('records every line of a 200-line payout from the chain once its transfers are mined, and none before', async () => {
    const csv = [
      'address,amount,token,note',
      ...Array.from({ length: 200 }, (_, i) => `${recipient(i)},1.${String(i).padStart(2, '0')},USDC,invoice ${i}`),
    ].join('\n')
    const { lines } = await prepare({ csv })
    expect(lines).toHaveLength(200)
    await catchUp()
    // Prepared is not paid.
    expect(
      (await env.database.db.select().from(payoutLines).where(eq(payoutLines.id, lines[0]!.id)))[0]!.txHash,
    ).toBeNull()
    const provider = wallet()
    await sendInBatches(provider, {
      from: provider.address,
      chainId: 31337,
      calls: lines.map(payoutLineCall),
      support: 'unsupported',
    })
    await catchUp()
    const recorded = await env.database.db
      .select()
      .from(payoutLines)
      .where(eq(payoutLines.payoutId, lines[0]!.payoutId))
    expect(recorded.filter((l) => l.txHash !== null)).toHaveLength(200)
    expect(recorded.find((l) => l.line === 200)).toMatchObject({
      toAddress: recipient(199),
      amount: '1199000',
      note: 'invoice 199',
    })
  })

  it('makes a line unpaid again when a reorg drops its transfer', async () => {
    const { lines } = await prepare({ lines: [{ address: recipient(500), amount: '2', token: 'USDC' }] })
    const provider = wallet()
    await sendInBatches(provider, {
      from: provider.address,
      chainId: 31337,
      calls: lines.map(payoutLineCall),
      support: 'unsupported',
    })
    const paid = async () =>
      (await env.database.db.select().from(payoutLines).where(eq(payoutLines.id, lines[0]!.id)))[0]!.txHash
    // Recorded once a pass has read its block (in a busy suite the first pass can end before the transfer is mined).
    await expect
      .poll(async () => {
        await catchUp()
        return paid()
      })
      .not.toBeNull()
    const { publicClient, testClient } = chainClients(env.anvil.rpcUrl)
    await publicClient.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
    await testClient.mine({ blocks: 1 })
    await catchUp()
    expect(await paid()).toBeNull()
  })

  it('is named once in the audit log as sent from the business’s wallet: not again for its next line, nor when a reorg moves it', async () => {
    const { payout, lines } = await prepare({
      lines: [
        { address: recipient(600), amount: '1', token: 'USDC' },
        { address: recipient(601), amount: '2', token: 'USDC' },
      ],
    })
    const provider = wallet()
    const send = (line: (typeof lines)[number]) =>
      sendInBatches(provider, {
        from: provider.address,
        chainId: 31337,
        calls: [payoutLineCall(line)],
        support: 'unsupported',
      })
    const { publicClient, testClient } = chainClients(env.anvil.rpcUrl)
    const recorded = async () =>
      (await env.database.db.select().from(payoutLines).where(eq(payoutLines.payoutId, payout.id))).filter(
        (l) => l.txHash !== null,
      )
    const sentEntries = async () =>
      (await listAudit(env.database.db, provider.address, { first: 100 }))
        .filter((e) => e.objectId === payout.id)
        .map(({ business, actor, role, action, clientIp }) => ({ business, actor, role, action, clientIp }))
    const once = [
      { business: provider.address, actor: provider.address, role: 'owner', action: 'sendPayout', clientIp: 'chain' },
    ]

    // Its lines are recorded in two passes, one per transfer.
    await send(lines[0]!)
    await expect.poll(async () => (await catchUp(), (await recorded()).length), POLL).toBe(1)
    expect(await sentEntries()).toEqual(once)
    await send(lines[1]!)
    await expect.poll(async () => (await catchUp(), (await recorded()).length), POLL).toBe(2)
    expect(await sentEntries()).toEqual(once)

    // A reorg takes both transfers' blocks and mines both again in the second: the lines move with them.
    const before = await recorded()
    const first = Math.min(...before.map((l) => Number(l.blockNumber)))
    const raw = await Promise.all(
      before.map((l) =>
        publicClient.request({ method: 'eth_getRawTransactionByHash' as never, params: [l.txHash] as never }),
      ),
    )
    const depth = Number(await publicClient.getBlockNumber({ cacheTime: 0 })) - first + 1
    await publicClient.request({
      method: 'anvil_reorg' as never,
      params: [depth, raw.map((tx) => [tx, 1])] as never,
    })
    await testClient.mine({ blocks: 1 })
    await expect
      .poll(async () => {
        await catchUp()
        const moved = await recorded()
        return moved.length === 2 && moved.every((l) => !before.some((b) => b.blockHash === l.blockHash))
      }, POLL)
      .toBe(true)
    expect(await sentEntries()).toEqual(once)
  })

  it('names every wrong line by its row and field, and stores nothing', async () => {
    const error = await prepare({
      csv: [
        'address,amount,token,note',
        `${recipient(1)},2,USDC,ok`,
        `0x1234,2,USDC,`,
        `${recipient(2)},-1,USDC,`,
        `${recipient(3)},2,DOGE,`,
        `${recipient(4)},2,USDC,${'x'.repeat(141)}`,
      ].join('\n'),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadUserInputError)
    expect(Object.keys((error as BadUserInputError).fields ?? {})).toEqual([
      'lines.2.address',
      'lines.3.amount',
      'lines.4.token',
      'lines.5.note',
    ])
    expect((error as BadUserInputError).message).toMatch(/^Line 2, address: "0x1234" is not an address/)
  })

  it('refuses lines that pay more than the wallet holds, naming the total and the balance', async () => {
    const error = await prepare({ lines: [{ address: recipient(1), amount: '1000000000', token: 'USDC' }] }).catch(
      (e: unknown) => e,
    )
    expect((error as Error).message).toMatch(/The lines pay 1000000000 USDC, more than your wallet holds/)
  })
})
