import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments'
import { getAddress, type Address } from 'viem'

/** The Delegation Framework release Billfold speaks to: its audited contracts share one address on every chain. */
export const DELEGATION_FRAMEWORK_VERSION = '1.3.0'

const deployed = DELEGATOR_CONTRACTS[DELEGATION_FRAMEWORK_VERSION]![1]!

/** The contracts a periodic permission uses, at their canonical addresses (the same on each chain Billfold offers). */
export const frameworkContracts = {
  DelegationManager: getAddress(deployed.DelegationManager!),
  EIP7702StatelessDeleGatorImpl: getAddress(deployed.EIP7702StatelessDeleGatorImpl!),
  ERC20PeriodTransferEnforcer: getAddress(deployed.ERC20PeriodTransferEnforcer!),
  NativeTokenPeriodTransferEnforcer: getAddress(deployed.NativeTokenPeriodTransferEnforcer!),
  ValueLteEnforcer: getAddress(deployed.ValueLteEnforcer!),
  ExactCalldataEnforcer: getAddress(deployed.ExactCalldataEnforcer!),
  TimestampEnforcer: getAddress(deployed.TimestampEnforcer!),
  RedeemerEnforcer: getAddress(deployed.RedeemerEnforcer!),
  AllowedCalldataEnforcer: getAddress(deployed.AllowedCalldataEnforcer!),
  AllowedTargetsEnforcer: getAddress(deployed.AllowedTargetsEnforcer!),
} as const satisfies Record<string, Address>

export type FrameworkContract = keyof typeof frameworkContracts

/** Which chains the framework's deployment list names for this release (the dev chain gets it from setUpDevChain). */
export const chainsWithFramework: readonly number[] = Object.keys(
  DELEGATOR_CONTRACTS[DELEGATION_FRAMEWORK_VERSION]!,
).map(Number)
