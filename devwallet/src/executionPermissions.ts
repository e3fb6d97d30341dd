import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis'
import { encodeFunctionData, toHex, type Account, type Chain, type Client, type Hex, type Transport } from 'viem'
import { sendTransaction, waitForTransactionReceipt } from 'viem/actions'
import { decodePermissionContext } from '../../src/domain/periodicPermission/delegation.ts'
import {
  periodicPermissionOfRequest,
  periodicPermissionRequestSchema,
  periodicPermissionTypes,
  type ExecutionPermissionRequest,
} from '../../src/domain/periodicPermission/executionPermission.ts'
import { chainsWithFramework, frameworkContracts } from '../../src/domain/periodicPermission/framework.ts'
import { grantPeriodicPermission } from '../../src/domain/periodicPermission/grantPermission.ts'
import { DEV_CHAIN_IDS } from '../../src/chain/chains.ts'

/** The chains where the dev wallet grants periodic permissions: those the framework is deployed on, and the dev chains. */
const permissionChains = [...new Set([...DEV_CHAIN_IDS, ...chainsWithFramework])].map((id) => toHex(id))

/** `wallet_getSupportedExecutionPermissions`, as MetaMask answers it, for the two periodic types. */
export const supportedExecutionPermissions = () =>
  Object.fromEntries(
    periodicPermissionTypes.map((type) => [
      type,
      { chainIds: permissionChains, ruleTypes: ['expiry', 'payee', 'redeemer'] },
    ]),
  )

/**
 * The `permissions` entry a `wallet_getCapabilities` answer (EIP-5792) carries per chain, as the
 * ERC-7715 draft put it, for a page that looks there before asking `wallet_getSupportedExecutionPermissions`.
 */
export const permissionsCapability = () => ({
  permissions: { supported: true, permissionTypes: [...periodicPermissionTypes] },
})

export class PermissionRequestError extends Error {
  readonly code = -32602
}

/**
 * The ERC-7715 methods of the dev wallet on `client` (its current account and chain): grants a
 * periodic permission as MetaMask does in 2026 (upgrading the account with EIP-7702 first when
 * needed), and revokes one by disabling its delegation on chain from the account itself.
 */
export function executionPermissionMethods(client: Client<Transport, Chain, Account>) {
  return {
    wallet_getSupportedExecutionPermissions: async () => supportedExecutionPermissions(),
    wallet_requestExecutionPermissions: async (params: unknown) => {
      const requests = Array.isArray(params) ? params : []
      if (requests.length === 0) throw new PermissionRequestError('wallet_requestExecutionPermissions needs requests.')
      const granted = []
      for (const raw of requests) {
        const parsed = periodicPermissionRequestSchema.safeParse(raw)
        if (!parsed.success)
          throw new PermissionRequestError(`Unsupported permission request: ${parsed.error.issues[0]?.message}`)
        if (Number(parsed.data.chainId) !== client.chain.id)
          throw new PermissionRequestError(`The permission asks for chain ${Number(parsed.data.chainId)}.`)
        if (parsed.data.from && parsed.data.from.toLowerCase() !== client.account.address.toLowerCase())
          throw new PermissionRequestError('The permission asks for another account.')
        let permission
        try {
          permission = periodicPermissionOfRequest(parsed.data)
        } catch (error) {
          throw new PermissionRequestError(error instanceof Error ? error.message : String(error))
        }
        granted.push(await grantPeriodicPermission(client, permission, parsed.data as ExecutionPermissionRequest))
      }
      return granted
    },
    wallet_revokeExecutionPermission: async (params: unknown) => {
      const context = (Array.isArray(params) ? params[0] : params) as { permissionContext?: Hex } | undefined
      if (!context?.permissionContext) throw new PermissionRequestError('permissionContext is required.')
      const [delegation] = decodePermissionContext(context.permissionContext)
      if (!delegation || delegation.delegator.toLowerCase() !== client.account.address.toLowerCase())
        throw new PermissionRequestError('The permission was not granted by this account.')
      const hash = await sendTransaction(client, {
        to: frameworkContracts.DelegationManager,
        data: encodeFunctionData({ abi: delegationManagerAbi, functionName: 'disableDelegation', args: [delegation] }),
      })
      // Answered once mined, so the page tells Billfold about a revocation the chain already enforces.
      const receipt = await waitForTransactionReceipt(client, { hash, pollingInterval: 100 })
      if (receipt.status !== 'success') throw new Error(`Disabling the delegation reverted (${hash}).`)
      return {}
    },
  }
}
