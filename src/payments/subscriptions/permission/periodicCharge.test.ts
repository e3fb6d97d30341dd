import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis'
import { erc20Abi, parseEther, parseUnits, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { BadUserInputError } from '../../../domain/errors/input.ts'
import { frameworkContracts } from '../../../domain/periodicPermission/framework.ts'
import type { PeriodicPermission } from '../../../domain/periodicPermission/periodicPermission.ts'
import { delegationHash } from '../../../domain/periodicPermission/delegation.ts'
import { chainClients } from '../../../watcher/testing/payments.ts'
import { freePort } from '../../../../testing/freePort.ts'
import { grantedByDevAccount, keyedDevAccount } from '../../../../testing/deleGatorPayer.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { chargeCall } from './chargeCall.ts'
import { checkCharge } from './checkCharge.ts'
import { readGrantedPermission } from './readGrantedPermission.ts'

const MONTH = 30 * 24 * 3600
const usdc = (amount: string) => parseUnits(amount, 6)
let anvil: AnvilNode
let clients: ReturnType<typeof chainClients>
// Dev account 5 relays for the payee, dev account 6 is the payee; each test's payer is its own account.
let relayer: ReturnType<typeof keyedDevAccount>
const payee: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'

beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  clients = chainClients(anvil.rpcUrl)
  relayer = keyedDevAccount(anvil.rpcUrl, 5)
}, 60_000)
afterAll(() => anvil?.stop())

async function now() {
  return Number((await clients.publicClient.getBlock()).timestamp)
}

async function plan(overrides: Partial<PeriodicPermission> = {}): Promise<PeriodicPermission> {
  const start = await now()
  return {
    asset: { kind: 'erc20', token: DEV_USDC_ADDRESS },
    periodAmount: usdc('25'),
    periodSeconds: MONTH,
    startTime: start,
    expiry: start + 12 * MONTH,
    payee,
    redeemer: relayer.account.address,
    ...overrides,
  }
}

async function grant(payerIndex: number, permission: PeriodicPermission) {
  const answer = await grantedByDevAccount(anvil.rpcUrl, payerIndex, permission)
  return readGrantedPermission(answer, { permission, chainId: 31337 })
}

/** Sends the charge from the relayer's own key, whatever the pre-check says: the chain has the last word. */
async function sendCharge(granted: Awaited<ReturnType<typeof grant>>, amount: bigint) {
  const hash = await relayer.sendTransaction({
    ...chargeCall(granted.context, granted.permission, amount),
    gas: 500_000n,
  })
  return (await relayer.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status
}

const balanceOf = (address: Address) =>
  clients.publicClient.readContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

async function moveClock(seconds: number) {
  await clients.testClient.increaseTime({ seconds })
  await clients.testClient.mine({ blocks: 1 })
}

describe('a periodic permission on the Delegation Framework', () => {
  it('the contracts are at their canonical addresses and the payer account becomes the audited EIP-7702 DeleGator', async () => {
    const permission = await plan()
    const granted = await grant(1, permission)
    const code = await clients.publicClient.getCode({ address: granted.payer })
    expect(code?.toLowerCase()).toBe(
      `0xef0100${frameworkContracts.EIP7702StatelessDeleGatorImpl.slice(2).toLowerCase()}`,
    )
    const onChainHash = await clients.publicClient.readContract({
      address: frameworkContracts.DelegationManager,
      abi: delegationManagerAbi,
      functionName: 'getDelegationHash',
      args: [granted.delegation],
    })
    expect(onChainHash).toBe(delegationHash(granted.delegation))
  })

  it('charges once a period straight from payer to payee; a second charge in the period and more than the amount are refused by the chain', async () => {
    const granted = await grant(2, await plan())
    const [payerBefore, payeeBefore] = [await balanceOf(granted.payer), await balanceOf(payee)]
    expect(await checkCharge(clients.publicClient, granted, usdc('25'), relayer.account.address)).toEqual({ ok: true })
    expect(await sendCharge(granted, usdc('25'))).toBe('success')
    expect(await balanceOf(granted.payer)).toBe(payerBefore - usdc('25'))
    expect(await balanceOf(payee)).toBe(payeeBefore + usdc('25'))

    expect(await checkCharge(clients.publicClient, granted, usdc('25'), relayer.account.address)).toMatchObject({
      ok: false,
      reason: 'period-spent',
    })
    expect(await sendCharge(granted, usdc('25'))).toBe('reverted')
    expect(await sendCharge(granted, 1n)).toBe('reverted')

    await moveClock(MONTH)
    expect(await checkCharge(clients.publicClient, granted, usdc('26'), relayer.account.address)).toMatchObject({
      reason: 'over-period-amount',
    })
    expect(await sendCharge(granted, usdc('26'))).toBe('reverted')
    expect(await sendCharge(granted, usdc('25'))).toBe('success')
    expect(await balanceOf(payee)).toBe(payeeBefore + usdc('50'))
  })

  it('after the end the check says expired and the chain refuses the charge', async () => {
    const permission = await plan()
    const granted = await grant(3, { ...permission, expiry: permission.startTime + MONTH })
    await moveClock(MONTH + 1)
    expect(await checkCharge(clients.publicClient, granted, usdc('1'), relayer.account.address)).toMatchObject({
      reason: 'expired',
    })
    expect(await sendCharge(granted, usdc('1'))).toBe('reverted')
  })

  it('once the payer disables the delegation the check says revoked and the chain refuses the charge', async () => {
    const granted = await grant(4, await plan())
    const payer = keyedDevAccount(anvil.rpcUrl, 4)
    const hash = await payer.writeContract({
      address: frameworkContracts.DelegationManager,
      abi: delegationManagerAbi,
      functionName: 'disableDelegation',
      args: [granted.delegation],
    })
    expect((await payer.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await checkCharge(clients.publicClient, granted, usdc('1'), relayer.account.address)).toMatchObject({
      reason: 'revoked',
    })
    expect(await sendCharge(granted, usdc('1'))).toBe('reverted')
  })

  it('a payer who holds too little is told before anything is sent', async () => {
    const granted = await grant(7, await plan({ periodAmount: usdc('2000000') }))
    expect(await checkCharge(clients.publicClient, granted, usdc('2000000'), relayer.account.address)).toMatchObject({
      reason: 'balance-too-low',
    })
  })

  it('only the payee can receive and only the relayer can redeem', async () => {
    const granted = await grant(8, await plan())
    const elsewhere = { ...granted.permission, payee: relayer.account.address }
    expect(await sendCharge({ ...granted, permission: elsewhere }, usdc('1'))).toBe('reverted')
    const stranger = keyedDevAccount(anvil.rpcUrl, 9)
    const hash = await stranger.sendTransaction({
      ...chargeCall(granted.context, granted.permission, usdc('1')),
      gas: 500_000n,
    })
    expect((await stranger.waitForTransactionReceipt({ hash })).status).toBe('reverted')
  })

  it('native coin: charged once a period to the payee only', async () => {
    const permission = await plan({ asset: { kind: 'native' }, periodAmount: parseEther('0.5') })
    const granted = await grant(1, permission)
    const before = await clients.publicClient.getBalance({ address: payee })
    expect(await checkCharge(clients.publicClient, granted, parseEther('0.5'), relayer.account.address)).toEqual({
      ok: true,
    })
    expect(await sendCharge(granted, parseEther('0.5'))).toBe('success')
    expect(await clients.publicClient.getBalance({ address: payee })).toBe(before + parseEther('0.5'))
    expect(await sendCharge(granted, parseEther('0.1'))).toBe('reverted')
  })

  it('a grant wider than asked, or of another plan, is refused naming the field', async () => {
    const permission = await plan()
    const answer = await grantedByDevAccount(anvil.rpcUrl, 1, { ...permission, periodAmount: usdc('26') })
    await expect(readGrantedPermission(answer, { permission, chainId: 31337 })).rejects.toMatchObject({
      field: 'permission.periodAmount',
    })
    await expect(readGrantedPermission([{ nonsense: true }], { permission, chainId: 31337 })).rejects.toBeInstanceOf(
      BadUserInputError,
    )
    const forged = [{ ...answer[0]!, from: relayer.account.address }]
    await expect(
      readGrantedPermission(forged, { permission: { ...permission, periodAmount: usdc('26') }, chainId: 31337 }),
    ).rejects.toMatchObject({ field: 'permission.from' })
  })
})
