import { encodeFunctionData, erc20Abi, parseEther, parseUnits, type Address } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { keyedDevAccount } from '../../../testing/deleGatorPayer.ts'
import { freePort } from '../../../testing/freePort.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { atomicBatchCall, delegationDesignator, isDeleGatorAccount, upgradeToDeleGator } from './smartAccount.ts'

let anvil: AnvilNode
let clients: ReturnType<typeof chainClients>
const alice: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
const bob: Address = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  clients = chainClients(anvil.rpcUrl)
}, 60_000)
afterAll(() => anvil?.stop())

const balanceOf = (address: Address) =>
  clients.publicClient.readContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
const transfer = (to: Address, amount: bigint) => ({
  to: DEV_USDC_ADDRESS,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

it('an account upgrades once with EIP-7702, keeps its address, receives coin and sends plain transactions', async () => {
  const account = keyedDevAccount(anvil.rpcUrl, 2)
  expect(await isDeleGatorAccount(account, account.account.address)).toBe(false)
  expect(await upgradeToDeleGator(account)).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await upgradeToDeleGator(account)).toBeUndefined()
  expect((await clients.publicClient.getCode({ address: account.account.address }))?.toLowerCase()).toBe(
    delegationDesignator(),
  )
  const paid = await clients.walletOf(0).sendTransaction({ to: account.account.address, value: parseEther('1') })
  expect((await clients.publicClient.waitForTransactionReceipt({ hash: paid })).status).toBe('success')
  const sent = await account.sendTransaction({ ...transfer(alice, 1n) })
  expect((await account.waitForTransactionReceipt({ hash: sent })).status).toBe('success')
})

it('an upgraded account makes a batch of calls atomically: all in one transaction, or none', async () => {
  const account = keyedDevAccount(anvil.rpcUrl, 3)
  await upgradeToDeleGator(account)
  const [aliceBefore, bobBefore] = [await balanceOf(alice), await balanceOf(bob)]
  const ok = await account.sendTransaction(
    atomicBatchCall(account.account.address, [transfer(alice, parseUnits('1', 6)), transfer(bob, parseUnits('2', 6))]),
  )
  expect((await account.waitForTransactionReceipt({ hash: ok })).status).toBe('success')
  expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([
    aliceBefore + parseUnits('1', 6),
    bobBefore + parseUnits('2', 6),
  ])

  const tooMuch = (await balanceOf(account.account.address)) + 1n
  const failing = await account.sendTransaction({
    ...atomicBatchCall(account.account.address, [transfer(alice, parseUnits('1', 6)), transfer(bob, tooMuch)]),
    gas: 300_000n,
  })
  expect((await account.waitForTransactionReceipt({ hash: failing })).status).toBe('reverted')
  expect(await balanceOf(alice)).toBe(aliceBefore + parseUnits('1', 6))
})

it('nobody but the account itself can make it execute a batch', async () => {
  const account = keyedDevAccount(anvil.rpcUrl, 4)
  await upgradeToDeleGator(account)
  const stranger = keyedDevAccount(anvil.rpcUrl, 5)
  const hash = await stranger.sendTransaction({
    ...atomicBatchCall(account.account.address, [transfer(stranger.account.address, 1n)]),
    gas: 300_000n,
  })
  expect((await stranger.waitForTransactionReceipt({ hash })).status).toBe('reverted')
})
