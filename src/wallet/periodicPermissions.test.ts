import { parseUnits, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { executionPermissionRequest } from '../domain/periodicPermission/executionPermission.ts'
import type { PeriodicPermission } from '../domain/periodicPermission/periodicPermission.ts'
import { checkCharge } from '../payments/subscriptions/permission/checkCharge.ts'
import { readGrantedPermission } from '../payments/subscriptions/permission/readGrantedPermission.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import { devWalletProvider } from '../../testing/deleGatorPayer.ts'
import { freePort } from '../../testing/freePort.ts'
import { startTestChain } from '../../testing/testChain.ts'
import { readPermissionSupport, requestPeriodicPermission, revokePeriodicPermission } from './periodicPermissions.ts'
import { UserRejectedError } from './walletErrors.ts'

let anvil: AnvilNode
let clients: ReturnType<typeof chainClients>
const relayer: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const payee: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'

beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  clients = chainClients(anvil.rpcUrl)
}, 60_000)
afterAll(() => anvil?.stop())

async function monthly(): Promise<PeriodicPermission> {
  const start = Number((await clients.publicClient.getBlock()).timestamp)
  return {
    asset: { kind: 'erc20', token: DEV_USDC_ADDRESS },
    periodAmount: parseUnits('10', 6),
    periodSeconds: 30 * 24 * 3600,
    startTime: start,
    expiry: start + 365 * 24 * 3600,
    payee,
    redeemer: relayer,
  }
}

describe('periodic permissions from the browser', () => {
  it('the dev wallet says it grants both periodic types on the dev chain; a wallet without ERC-7715 supports none', async () => {
    const devWallet = devWalletProvider(anvil.rpcUrl, 1, { permissions: true })
    expect(await readPermissionSupport(devWallet, { chainId: 31337, account: devWallet.address })).toEqual({
      kind: 'execution-permissions',
      types: ['erc20-token-periodic', 'native-token-periodic'],
    })
    const plain = devWalletProvider(anvil.rpcUrl, 1, { permissions: false })
    expect(await readPermissionSupport(plain, { chainId: 31337, account: plain.address })).toMatchObject({
      kind: 'none',
    })
  })

  it('a granted permission reads on the server, charges, and once revoked by the wallet is refused', async () => {
    const wallet = devWalletProvider(anvil.rpcUrl, 2, { permissions: true })
    const permission = await monthly()
    const granted = await requestPeriodicPermission(
      wallet,
      executionPermissionRequest(permission, 31337, 'Monthly plan', wallet.address),
    )
    const verified = await readGrantedPermission([granted], { permission, chainId: 31337 })
    expect(verified.payer).toBe(wallet.address)
    expect(await checkCharge(clients.publicClient, verified, parseUnits('10', 6), relayer)).toEqual({ ok: true })

    expect(await revokePeriodicPermission(wallet, { context: granted.context, account: wallet.address })).toEqual({
      kind: 'wallet',
    })
    expect(await checkCharge(clients.publicClient, verified, parseUnits('10', 6), relayer)).toMatchObject({
      reason: 'revoked',
    })
  })

  it('a wallet without wallet_revokeExecutionPermission revokes by the payer’s own disableDelegation transaction', async () => {
    const permission = await monthly()
    const grantor = devWalletProvider(anvil.rpcUrl, 3, { permissions: true })
    const granted = await requestPeriodicPermission(
      grantor,
      executionPermissionRequest(permission, 31337, 'Monthly plan', grantor.address),
    )
    const verified = await readGrantedPermission([granted], { permission, chainId: 31337 })
    const plain = devWalletProvider(anvil.rpcUrl, 3, { permissions: false })
    const revoked = await revokePeriodicPermission(plain, { context: granted.context, account: plain.address })
    expect(revoked.kind).toBe('transaction')
    if (revoked.kind === 'transaction') await clients.publicClient.waitForTransactionReceipt({ hash: revoked.hash })
    expect(await checkCharge(clients.publicClient, verified, 1n, relayer)).toMatchObject({ reason: 'revoked' })
  })

  it('a payer who declines in the wallet gets the wallet error for a refusal; an unreadable grant is an invalid answer', async () => {
    const permission = await monthly()
    const declining = {
      ...devWalletProvider(anvil.rpcUrl, 4, { permissions: true }),
      request: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    }
    await expect(
      requestPeriodicPermission(declining, executionPermissionRequest(permission, 31337, 'Monthly plan')),
    ).rejects.toBeInstanceOf(UserRejectedError)
    const garbled = { ...declining, request: () => Promise.resolve([{ context: 'nope' }]) }
    await expect(
      requestPeriodicPermission(garbled, executionPermissionRequest(permission, 31337, 'Monthly plan')),
    ).rejects.toMatchObject({ code: 'WALLET_INVALID_RESPONSE' })
  })
})
