import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis'
import { encodeFunctionData, toHex, type Address, type Hash, type Hex } from 'viem'
import { decodePermissionContext } from '../domain/periodicPermission/delegation.ts'
import {
  grantedPermissionsSchema,
  periodicPermissionTypes,
  supportedPermissionsSchema,
  type ExecutionPermissionRequest,
  type GrantedPermission,
  type PeriodicPermissionType,
} from '../domain/periodicPermission/executionPermission.ts'
import { frameworkContracts } from '../domain/periodicPermission/framework.ts'
import { toWalletError } from './toWalletError.ts'
import type { Eip1193Provider } from './types.ts'
import { InvalidWalletResponseError, UnsupportedMethodError, type WalletError } from './walletErrors.ts'

/** What the payer's wallet can grant on a chain: ERC-7715 periodic permissions of these types, or none. */
export type PermissionSupport =
  { kind: 'execution-permissions'; types: PeriodicPermissionType[] } | { kind: 'none'; reason?: WalletError }

/** Billfold's permissions carry these rules; a wallet that cannot enforce them is treated as supporting none. */
const neededRules = ['expiry', 'payee', 'redeemer']

async function ask(provider: Eip1193Provider, method: string, params: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request({ method, params })
  } catch (error) {
    throw toWalletError(error, { method })
  }
}

const capabilityTypes = (answer: unknown, chain: Hex): PeriodicPermissionType[] => {
  const entry = (answer as Record<string, { permissions?: { supported?: unknown; permissionTypes?: unknown } }>)?.[
    chain
  ]
  const types = entry?.permissions?.supported === true ? entry.permissions.permissionTypes : undefined
  return periodicPermissionTypes.filter((type) => Array.isArray(types) && types.includes(type))
}

/**
 * Asks the wallet which periodic permissions it grants on `chainId`: ERC-7715's
 * `wallet_getSupportedExecutionPermissions` first, then a `permissions` entry in EIP-5792's
 * `wallet_getCapabilities`. Any other answer, odd or failed, reads as "supports none".
 */
export async function readPermissionSupport(
  provider: Eip1193Provider,
  { chainId, account }: { chainId: number; account: Address },
): Promise<PermissionSupport> {
  const chain = toHex(chainId)
  try {
    const supported = supportedPermissionsSchema.safeParse(
      await ask(provider, 'wallet_getSupportedExecutionPermissions', []),
    )
    if (!supported.success)
      return {
        kind: 'none',
        reason: new InvalidWalletResponseError({ method: 'wallet_getSupportedExecutionPermissions' }),
      }
    const types = periodicPermissionTypes.filter((type) => {
      const info = supported.data[type]
      return info?.chainIds.some((id) => Number(id) === chainId) && neededRules.every((r) => info.ruleTypes.includes(r))
    })
    return types.length > 0 ? { kind: 'execution-permissions', types } : { kind: 'none' }
  } catch (error) {
    if (!(error instanceof UnsupportedMethodError)) return { kind: 'none', reason: error as WalletError }
  }
  try {
    const types = capabilityTypes(await ask(provider, 'wallet_getCapabilities', [account, [chain]]), chain)
    return types.length > 0 ? { kind: 'execution-permissions', types } : { kind: 'none' }
  } catch (error) {
    return { kind: 'none', reason: error as WalletError }
  }
}

/** Asks the wallet for the permission (one confirmation) and answers what it granted, read through a schema. */
export async function requestPeriodicPermission(
  provider: Eip1193Provider,
  request: ExecutionPermissionRequest,
): Promise<GrantedPermission> {
  const method = 'wallet_requestExecutionPermissions'
  const granted = grantedPermissionsSchema.safeParse(await ask(provider, method, [request]))
  if (!granted.success) throw new InvalidWalletResponseError({ method, cause: granted.error })
  return granted.data[0]!
}

/**
 * Revokes a granted permission: through the wallet's `wallet_revokeExecutionPermission` where it
 * has one, else by the payer's own `DelegationManager.disableDelegation` transaction (any wallet can
 * send it; the delegator alone may). Answers the transaction when Billfold had to send it.
 */
export async function revokePeriodicPermission(
  provider: Eip1193Provider,
  { context, account }: { context: Hex; account: Address },
): Promise<{ kind: 'wallet' } | { kind: 'transaction'; hash: Hash }> {
  try {
    await ask(provider, 'wallet_revokeExecutionPermission', [{ permissionContext: context }])
    return { kind: 'wallet' }
  } catch (error) {
    if (!(error instanceof UnsupportedMethodError)) throw error
  }
  const [delegation] = decodePermissionContext(context)
  const data = encodeFunctionData({ abi: delegationManagerAbi, functionName: 'disableDelegation', args: [delegation!] })
  const hash = await ask(provider, 'eth_sendTransaction', [
    { from: account, to: frameworkContracts.DelegationManager, data },
  ])
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new InvalidWalletResponseError({ method: 'eth_sendTransaction' })
  return { kind: 'transaction', hash: hash as Hash }
}
