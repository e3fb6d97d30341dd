import {
  DelegationManager as delegationManagerAbi,
  ERC20PeriodTransferEnforcer as erc20PeriodAbi,
  NativeTokenPeriodTransferEnforcer as nativePeriodAbi,
} from '@metamask/delegation-abis'
import { erc20Abi, type Address, type PublicClient } from 'viem'
import { frameworkContracts } from '../../../domain/periodicPermission/framework.ts'
import { periodicCaveats } from '../../../domain/periodicPermission/periodicPermission.ts'
import { isDeleGatorAccount } from '../../../domain/periodicPermission/smartAccount.ts'
import { chargeCall } from './chargeCall.ts'
import type { VerifiedPermission } from './readGrantedPermission.ts'

/** Why a charge would fail, read from the chain before anything is sent. */
export type ChargeRefusal =
  | 'account-not-upgraded'
  | 'revoked'
  | 'not-started'
  | 'expired'
  | 'over-period-amount'
  | 'period-spent'
  | 'balance-too-low'
  | 'would-revert'

export type ChargeCheck = { ok: true } | { ok: false; reason: ChargeRefusal; details?: string }

/**
 * Asks the chain whether `relayer` can charge `amount` now under `granted`, cheapest question
 * first, and last simulates the very call it would send, so nothing that must fail is sent.
 */
export async function checkCharge(
  client: PublicClient,
  granted: VerifiedPermission,
  amount: bigint,
  relayer: Address,
): Promise<ChargeCheck> {
  const { permission, hash, payer } = granted
  const manager = frameworkContracts.DelegationManager
  if (!(await isDeleGatorAccount(client, payer))) return { ok: false, reason: 'account-not-upgraded' }
  const disabled = await client.readContract({
    address: manager,
    abi: delegationManagerAbi,
    functionName: 'disabledDelegations',
    args: [hash],
  })
  if (disabled) return { ok: false, reason: 'revoked' }
  const { timestamp } = await client.getBlock({ blockTag: 'latest' })
  // The charge lands in a later block, so its time is at least one second past the latest.
  const next = Number(timestamp) + 1
  if (next < permission.startTime) return { ok: false, reason: 'not-started' }
  if (next >= permission.expiry) return { ok: false, reason: 'expired' }
  if (amount > permission.periodAmount) return { ok: false, reason: 'over-period-amount' }
  const [periodCaveat] = periodicCaveats(permission)
  const [available] = await client.readContract({
    address: periodCaveat!.enforcer,
    abi: permission.asset.kind === 'erc20' ? erc20PeriodAbi : nativePeriodAbi,
    functionName: 'getAvailableAmount',
    args: [hash, manager, periodCaveat!.terms],
  })
  if (available < amount) return { ok: false, reason: 'period-spent' }
  const balance =
    permission.asset.kind === 'erc20'
      ? await client.readContract({
          address: permission.asset.token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [payer],
        })
      : await client.getBalance({ address: payer })
  if (balance < amount) return { ok: false, reason: 'balance-too-low' }
  try {
    await client.call({ account: relayer, ...chargeCall(granted.context, permission, amount) })
  } catch (error) {
    return {
      ok: false,
      reason: 'would-revert',
      details: error instanceof Error ? error.message.split('\n')[0] : String(error),
    }
  }
  return { ok: true }
}
