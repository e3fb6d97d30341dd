import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis'
import { singleExecution, SINGLE_DEFAULT_MODE } from '../../../domain/periodicPermission/delegation.ts'
import { frameworkContracts } from '../../../domain/periodicPermission/framework.ts'
import type { PeriodicPermission } from '../../../domain/periodicPermission/periodicPermission.ts'

/** The one call the payer's account makes when a charge is redeemed: a transfer straight to the payee. */
export function chargeExecution(
  permission: PeriodicPermission,
  amount: bigint,
): { to: Address; value: bigint; data: Hex } {
  if (permission.asset.kind === 'native') return { to: permission.payee, value: amount, data: '0x' }
  return {
    to: permission.asset.token,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [permission.payee, amount] }),
  }
}

/**
 * The transaction the payee's relayer sends to charge `amount`: `DelegationManager.redeemDelegations`
 * with the payer's permission context. The enforcers, not Billfold, decide whether it may pass.
 */
export function chargeCall(context: Hex, permission: PeriodicPermission, amount: bigint): { to: Address; data: Hex } {
  return {
    to: frameworkContracts.DelegationManager,
    data: encodeFunctionData({
      abi: delegationManagerAbi,
      functionName: 'redeemDelegations',
      args: [[context], [SINGLE_DEFAULT_MODE], [singleExecution(chargeExecution(permission, amount))]],
    }),
  }
}
