import { recoverTypedDataAddress, type Address, type Hex } from 'viem'
import { badInput, SignatureMismatchError } from '../../../domain/errors/input.ts'
import { sameAddress } from '../../../domain/sameAddress.ts'
import {
  decodePermissionContext,
  delegationHash,
  delegationTypedData,
  ROOT_AUTHORITY,
  type Delegation,
} from '../../../domain/periodicPermission/delegation.ts'
import { grantedPermissionsSchema } from '../../../domain/periodicPermission/executionPermission.ts'
import { frameworkContracts } from '../../../domain/periodicPermission/framework.ts'
import { readPeriodicCaveats, type PeriodicPermission } from '../../../domain/periodicPermission/periodicPermission.ts'

/** A permission Billfold can charge: the payer's signed delegation, what it allows, and its hash on chain. */
export type VerifiedPermission = {
  payer: Address
  chainId: number
  context: Hex
  delegation: Delegation
  hash: Hex
  permission: PeriodicPermission
}

const fields = ['asset', 'periodAmount', 'periodSeconds', 'startTime', 'expiry', 'payee', 'redeemer'] as const

/**
 * Reads a wallet's answer to `wallet_requestExecutionPermissions` and keeps it only when the
 * delegation it carries is exactly `asked` on `chainId`: signed by the payer, a root delegation to
 * the redeemer, through the canonical DelegationManager, with no caveat wider or missing.
 */
export async function readGrantedPermission(
  answer: unknown,
  asked: { permission: PeriodicPermission; chainId: number },
): Promise<VerifiedPermission> {
  const parsed = grantedPermissionsSchema.safeParse(answer)
  if (!parsed.success)
    throw badInput('permission', `is not a granted ERC-7715 permission (${parsed.error.issues[0]?.message})`)
  const granted = parsed.data[0]!
  if (Number(granted.chainId) !== asked.chainId) throw badInput('permission.chainId', `must be ${asked.chainId}`)
  if (!sameAddress(granted.delegationManager, frameworkContracts.DelegationManager))
    throw badInput('permission.delegationManager', `must be ${frameworkContracts.DelegationManager}`)
  if (granted.dependencies.length > 0) throw badInput('permission.dependencies', 'must be empty (an EIP-7702 account)')
  let delegations: Delegation[]
  try {
    delegations = decodePermissionContext(granted.context)
  } catch {
    throw badInput('permission.context', 'is not an encoded delegation')
  }
  const [delegation] = delegations
  if (!delegation || delegations.length !== 1) throw badInput('permission.context', 'must hold one delegation')
  if (delegation.authority.toLowerCase() !== ROOT_AUTHORITY)
    throw badInput('permission.context', 'must be a root delegation')
  if (!sameAddress(delegation.delegator, granted.from)) throw badInput('permission.from', 'must be the delegator')
  if (!sameAddress(delegation.delegate, asked.permission.redeemer))
    throw badInput('permission.to', `must be ${asked.permission.redeemer}`)
  const permission = readPeriodicCaveats(delegation.caveats)
  for (const field of fields)
    if (JSON.stringify(permission[field], bigints) !== JSON.stringify(asked.permission[field], bigints))
      throw badInput(`permission.${field}`, 'differs from what was asked')
  const signer = await recoverTypedDataAddress({
    ...delegationTypedData(delegation, asked.chainId, frameworkContracts.DelegationManager),
    signature: delegation.signature,
  }).catch(() => undefined)
  if (!sameAddress(signer, delegation.delegator))
    throw new SignatureMismatchError({
      field: 'permission.context',
      shortMessage: 'The delegation is not signed by its delegator.',
    })
  return {
    payer: delegation.delegator,
    chainId: asked.chainId,
    context: granted.context,
    delegation,
    hash: delegationHash(delegation),
    permission,
  }
}

const bigints = (_: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : typeof value === 'string' ? value.toLowerCase() : value
