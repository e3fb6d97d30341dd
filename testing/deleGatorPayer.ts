import { createWalletClient, http, publicActions, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { devChain } from '../src/chain/chains.ts'
import { executionPermissionRequest } from '../src/domain/periodicPermission/executionPermission.ts'
import { grantPeriodicPermission } from '../src/domain/periodicPermission/grantPermission.ts'
import type { PeriodicPermission } from '../src/domain/periodicPermission/periodicPermission.ts'
import { upgradeToDeleGator } from '../src/domain/periodicPermission/smartAccount.ts'
import { executionPermissionMethods } from '../devwallet/src/executionPermissions.ts'

const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

/** A dev account of the mnemonic with its key, as a wallet holds it: it signs, sends and reads. */
export function keyedDevAccount(rpcUrl: string, index: number) {
  return createWalletClient({
    chain: devChain(rpcUrl),
    transport: http(rpcUrl),
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }),
  }).extend(publicActions)
}

/** Dev account `index` upgraded with EIP-7702 to the framework's stateless DeleGator (what batch calls and permissions need). */
export async function deleGatorDevAccount(rpcUrl: string, index: number): Promise<Address> {
  const client = keyedDevAccount(rpcUrl, index)
  await upgradeToDeleGator(client)
  return client.account.address
}

/** What the dev wallet answers `wallet_requestExecutionPermissions` with, granted by dev account `index`. */
export async function grantedByDevAccount(rpcUrl: string, index: number, permission: PeriodicPermission) {
  const client = keyedDevAccount(rpcUrl, index)
  const request = executionPermissionRequest(permission, client.chain.id, 'A test subscription', client.account.address)
  return [await grantPeriodicPermission(client, permission, request)]
}

/**
 * An EIP-1193 provider over dev account `index`: with `permissions`, the dev wallet's ERC-7715
 * methods answer as in the browser; anything else goes to Anvil, which answers unknown wallet
 * methods "method not found" as a wallet without them does.
 */
export function devWalletProvider(rpcUrl: string, index: number, { permissions }: { permissions: boolean }) {
  const client = keyedDevAccount(rpcUrl, index)
  const methods: Record<string, (params: unknown) => Promise<unknown>> = permissions
    ? executionPermissionMethods(client)
    : {}
  return {
    address: client.account.address,
    request: ({ method, params }: { method: string; params?: unknown }) =>
      methods[method] ? methods[method](params) : client.request({ method, params } as never),
    on: () => undefined,
    removeListener: () => undefined,
  }
}
