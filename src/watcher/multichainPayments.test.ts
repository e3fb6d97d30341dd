import { eq } from 'drizzle-orm'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catchUpAll, startThreeChains, type ThreeChains } from '../../testing/threeChains.ts'
import { DEV_CHAIN_ID } from '../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { paymentRequests, payments } from '../db/schema.ts'
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
})
