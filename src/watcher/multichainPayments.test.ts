import { eq } from 'drizzle-orm'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catchUpAll, startThreeChains, type ThreeChains } from '../../testing/threeChains.ts'
import { DEV_CHAIN_ID } from '../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { paymentRequests, payments, unmatchedTransfers } from '../db/schema.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import { requestTermsTypedData, type AcceptedChain } from '../domain/requestChains.ts'
import { createPaymentRequest } from '../payments/requests/createPaymentRequest.ts'
import { acceptedChainsOf } from '../payments/repository/requestChainRows.ts'
import { pay } from './testing/payments.ts'
import type { ChainWatcher } from './watchChain.ts'

const PORT = Number(process.env.TEST_ANVIL_PORT ?? 8556) + 4
const payee = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 })
const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
const USDC_ON_ALL: AcceptedChain[] = [DEV_CHAIN_ID, BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID].map((chainId) => ({
  chainId,
  asset: DEV_USDC_ADDRESS,
}))

let three: ThreeChains
let database: Database
let watchers: ChainWatcher[]
beforeAll(async () => {
  three = await startThreeChains(PORT)
  database = await createDatabase({})
  watchers = three.watchers(database)
  await catchUpAll(watchers)
}, 60_000)
afterAll(async () => {
  await database?.close()
  await three?.stop()
})

/** Signs, as the payee, a request of `amount` USDC accepting `signed`, and sends it with `sent` listed (the same unless a test alters it). */
async function create(amount: string, signed: AcceptedChain[], sent = signed) {
  const input = {
    chainId: DEV_CHAIN_ID,
    asset: DEV_USDC_ADDRESS,
    amount,
    payer: null,
    memo: 'Three chains',
    dueAt: new Date(Math.floor(Date.now() / 1000 + 86_400) * 1000).toISOString(),
    reference: newPaymentReference(),
  }
  const signature = await payee.signTypedData(
    requestTermsTypedData({
      ...input,
      amount: BigInt(Number(amount) * 1_000_000),
      payee: payee.address,
      dueAt: new Date(input.dueAt),
      acceptedChains: signed,
    }) as Parameters<typeof payee.signTypedData>[0],
  )
  return createPaymentRequest({ db: database.db, assets: three.assets, clients: three.clients }, payee.address, {
    ...input,
    signature,
    acceptedChains: sent,
  })
}

const rpcOf = (chainId: number) => three.nodes.find((n) => n.chainId === chainId)!.rpcUrl
const statusOf = async (id: string) => {
  const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id))
  return { status: row!.status, received: BigInt(row!.received) }
}
const chainsPaidOn = async (id: string) =>
  (await database.db.select().from(payments).where(eq(payments.requestId, id)))
    .map((p) => [p.chainId, BigInt(p.amount)])
    .sort((a, b) => Number(a[0]) - Number(b[0]))

describe('a request accepting USDC on three chains', () => {
  it('stores the set its payee signed, its own chain first, in whatever order the client listed it', async () => {
    const request = await create('10', USDC_ON_ALL, [...USDC_ON_ALL].reverse())
    expect(acceptedChainsOf(request)).toEqual(USDC_ON_ALL)
  })

  it('refuses a set other than the one signed: a chain added or dropped fails the signature', async () => {
    const two = USDC_ON_ALL.slice(0, 2)
    await expect(create('10', two, USDC_ON_ALL)).rejects.toMatchObject({ code: 'SIGNATURE_MISMATCH' })
    await expect(create('10', USDC_ON_ALL, two)).rejects.toMatchObject({ code: 'SIGNATURE_MISMATCH' })
  })

  it('refuses another token on one of the chains, naming the entry', async () => {
    const dai = three.assets.find((a) => a.chainId === BASE_SEPOLIA_ID && a.symbol === 'DAI')!
    const mixed = [USDC_ON_ALL[0]!, { chainId: BASE_SEPOLIA_ID, asset: dai.address as AcceptedChain['asset'] }]
    await expect(create('10', mixed)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'acceptedChains',
      shortMessage: expect.stringContaining('acceptedChains[1]: DAI is not USDC'),
    })
  })

  it('is paid by half on one chain and half on another, each payment with its chain; a reorg on one moves only its part', async () => {
    const request = await create('10', USDC_ON_ALL)
    const half = 5_000_000n
    await pay(rpcOf(BASE_SEPOLIA_ID), {
      from: 6,
      to: payee.address,
      amount: half,
      reference: request.reference as `0x${string}`,
      chainId: BASE_SEPOLIA_ID,
    })
    await catchUpAll(watchers)
    expect(await statusOf(request.id)).toEqual({ status: 'partially_paid', received: half })

    await pay(rpcOf(ARBITRUM_SEPOLIA_ID), {
      from: 7,
      to: payee.address,
      amount: half,
      reference: request.reference as `0x${string}`,
      chainId: ARBITRUM_SEPOLIA_ID,
    })
    expect(await catchUpAll(watchers)).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 2n * half })
    expect(await chainsPaidOn(request.id)).toEqual([
      [BASE_SEPOLIA_ID, half],
      [ARBITRUM_SEPOLIA_ID, half],
    ])

    // The Arbitrum Sepolia id's chain drops its last block: that part is gone, the other stays.
    await three.clients.get(ARBITRUM_SEPOLIA_ID)!.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
    expect(await catchUpAll(watchers)).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'partially_paid', received: half })
    expect(await chainsPaidOn(request.id)).toEqual([[BASE_SEPOLIA_ID, half]])
  })

  it('does not count a payment on a chain the request does not accept', async () => {
    const request = await create('10', USDC_ON_ALL.slice(0, 2))
    await pay(rpcOf(ARBITRUM_SEPOLIA_ID), {
      from: 6,
      to: payee.address,
      amount: 10_000_000n,
      reference: request.reference as `0x${string}`,
      chainId: ARBITRUM_SEPOLIA_ID,
    })
    await catchUpAll(watchers)
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })

  describe('a plain transfer, without a reference (an EIP-681 QR code, a wallet that attaches nothing)', () => {
    const plain = (chainId: number, amount: bigint, from = 6) =>
      pay(rpcOf(chainId), { from, to: payee.address, amount, chainId })
    const matchedOn = async (id: string) =>
      (await database.db.select().from(payments).where(eq(payments.requestId, id))).map((p) => [
        p.chainId,
        BigInt(p.amount),
        p.matchedBy,
      ])
    const unmatchedOn = async (chainId: number, txHash: string) =>
      (await database.db.select().from(unmatchedTransfers).where(eq(unmatchedTransfers.txHash, txHash))).map(
        (t) => t.chainId,
      )

    it('pays the request by its amount on another chain it accepts, as on its own', async () => {
      const request = await create('3.17', USDC_ON_ALL.slice(0, 2))
      await plain(BASE_SEPOLIA_ID, 3_170_000n)
      expect(await catchUpAll(watchers)).toContain(request.id)
      expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 3_170_000n })
      expect(await matchedOn(request.id)).toEqual([[BASE_SEPOLIA_ID, 3_170_000n, 'amount']])
    })

    it('counts what was paid on another chain: the rest, sent plainly on a third, pays the rest', async () => {
      const request = await create('4.40', USDC_ON_ALL)
      await pay(rpcOf(DEV_CHAIN_ID), {
        from: 6,
        to: payee.address,
        amount: 1_400_000n,
        reference: request.reference as `0x${string}`,
      })
      await catchUpAll(watchers)
      await plain(ARBITRUM_SEPOLIA_ID, 3_000_000n)
      await catchUpAll(watchers)
      expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 4_400_000n })
    })

    it('leaves unmatched a transfer of the amount on a chain the request does not accept', async () => {
      const request = await create('5.23', USDC_ON_ALL.slice(0, 2))
      const hash = await plain(ARBITRUM_SEPOLIA_ID, 5_230_000n)
      await catchUpAll(watchers)
      expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
      expect(await unmatchedOn(ARBITRUM_SEPOLIA_ID, hash)).toEqual([ARBITRUM_SEPOLIA_ID])
    })

    it('weighs unambiguity per chain: two requests due the amount on a chain leave it unmatched; one that does not accept the chain does not count', async () => {
      const both = [await create('6.31', USDC_ON_ALL), await create('6.31', USDC_ON_ALL)]
      const hash = await plain(BASE_SEPOLIA_ID, 6_310_000n)
      await catchUpAll(watchers)
      for (const r of both) expect(await statusOf(r.id)).toEqual({ status: 'open', received: 0n })
      expect(await unmatchedOn(BASE_SEPOLIA_ID, hash)).toEqual([BASE_SEPOLIA_ID])

      const onlyHere = await create('7.12', [USDC_ON_ALL[0]!, USDC_ON_ALL[2]!])
      const alsoBase = await create('7.12', USDC_ON_ALL.slice(0, 2))
      await plain(BASE_SEPOLIA_ID, 7_120_000n)
      await catchUpAll(watchers)
      expect(await statusOf(alsoBase.id)).toEqual({ status: 'paid', received: 7_120_000n })
      expect(await statusOf(onlyHere.id)).toEqual({ status: 'open', received: 0n })
    })
  })
})
