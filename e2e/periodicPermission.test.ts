import { createPublicClient, http, parseUnits, type Address } from 'viem'
import { afterEach, expect, inject, it } from 'vitest'
import { devChain } from '../src/chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { executionPermissionRequest } from '../src/domain/periodicPermission/executionPermission.ts'
import type { PeriodicPermission } from '../src/domain/periodicPermission/periodicPermission.ts'
import { isDeleGatorAccount } from '../src/domain/periodicPermission/smartAccount.ts'
import { checkCharge } from '../src/payments/subscriptions/permission/checkCharge.ts'
import { readGrantedPermission } from '../src/payments/subscriptions/permission/readGrantedPermission.ts'
import { launchWithDevWallet, setDevWalletOptions, withDevWallet, type WalletBrowser } from './support/chromium.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')
const client = createPublicClient({ chain: devChain(anvilUrl), transport: http(anvilUrl) })
const relayer: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
let browser: WalletBrowser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

type Ethereum = { request(args: { method: string; params?: unknown }): Promise<unknown> }
const ask = (method: string, params: unknown) =>
  browser!.page.evaluate(
    async ([m, p]) => {
      try {
        return {
          result: await (window as unknown as { ethereum: Ethereum }).ethereum.request({ method: m, params: p }),
        }
      } catch (error) {
        return { code: (error as { code?: number }).code, message: String(error) }
      }
    },
    [method, params] as const,
  )

it('the dev wallet in Chromium upgrades the account with EIP-7702, grants a periodic permission the server accepts, and revokes it on chain', async () => {
  browser = await launchWithDevWallet()
  await browser.page.goto(withDevWallet(appUrl, { chains: { '31337': anvilUrl }, account: 8 }))
  await browser.page.waitForFunction(() => 'ethereum' in window)
  const { result: accounts } = await ask('eth_requestAccounts', [])
  const payer = (accounts as Address[])[0]!
  const start = Number((await client.getBlock()).timestamp)
  const permission: PeriodicPermission = {
    asset: { kind: 'erc20', token: DEV_USDC_ADDRESS },
    periodAmount: parseUnits('15', 6),
    periodSeconds: 30 * 24 * 3600,
    startTime: start,
    expiry: start + 365 * 24 * 3600,
    payee: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    redeemer: relayer,
  }
  const request = executionPermissionRequest(permission, 31337, 'Monthly plan', payer)

  await setDevWalletOptions(browser.page, { reject: ['wallet_requestExecutionPermissions'] })
  expect(await ask('wallet_requestExecutionPermissions', [request])).toMatchObject({ code: 4001 })
  await setDevWalletOptions(browser.page, { reject: [] })

  const supported = await ask('wallet_getSupportedExecutionPermissions', [])
  expect(supported.result).toMatchObject({ 'erc20-token-periodic': { ruleTypes: ['expiry', 'payee', 'redeemer'] } })
  const granted = await ask('wallet_requestExecutionPermissions', [request])
  expect(granted.code).toBeUndefined()
  expect(await isDeleGatorAccount(client, payer)).toBe(true)
  const verified = await readGrantedPermission(granted.result, { permission, chainId: 31337 })
  expect(await checkCharge(client, verified, parseUnits('15', 6), relayer)).toEqual({ ok: true })

  expect(await ask('wallet_revokeExecutionPermission', [{ permissionContext: verified.context }])).toEqual({
    result: {},
  })
  expect(await checkCharge(client, verified, parseUnits('15', 6), relayer)).toMatchObject({ reason: 'revoked' })
})
