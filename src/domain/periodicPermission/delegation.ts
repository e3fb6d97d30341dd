import {
  decodeAbiParameters,
  encodeAbiParameters,
  encodePacked,
  hashStruct,
  zeroHash,
  type Address,
  type Hex,
} from 'viem'

/** One condition of a delegation: the enforcer contract the DelegationManager asks, and its terms. */
export type Caveat = { enforcer: Address; terms: Hex; args: Hex }

/** An ERC-7710 delegation as the DelegationManager reads it (a root delegation when `authority` is ROOT_AUTHORITY). */
export type Delegation = {
  delegate: Address
  delegator: Address
  authority: Hex
  caveats: readonly Caveat[]
  salt: bigint
  signature: Hex
}

export const ROOT_AUTHORITY: Hex = '0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'
/** ERC-7579 execution mode: one call, reverting on failure. */
export const SINGLE_DEFAULT_MODE: Hex = zeroHash

export const delegationTypes = {
  Delegation: [
    { name: 'delegate', type: 'address' },
    { name: 'delegator', type: 'address' },
    { name: 'authority', type: 'bytes32' },
    { name: 'caveats', type: 'Caveat[]' },
    { name: 'salt', type: 'uint256' },
  ],
  Caveat: [
    { name: 'enforcer', type: 'address' },
    { name: 'terms', type: 'bytes' },
  ],
} as const

const delegationArray = [
  {
    type: 'tuple[]',
    components: [
      { name: 'delegate', type: 'address' },
      { name: 'delegator', type: 'address' },
      { name: 'authority', type: 'bytes32' },
      {
        name: 'caveats',
        type: 'tuple[]',
        components: [
          { name: 'enforcer', type: 'address' },
          { name: 'terms', type: 'bytes' },
          { name: 'args', type: 'bytes' },
        ],
      },
      { name: 'salt', type: 'uint256' },
      { name: 'signature', type: 'bytes' },
    ],
  },
] as const

const message = (delegation: Omit<Delegation, 'signature'>) => ({
  delegate: delegation.delegate,
  delegator: delegation.delegator,
  authority: delegation.authority,
  caveats: delegation.caveats.map(({ enforcer, terms }) => ({ enforcer, terms })),
  salt: delegation.salt,
})

/** The EIP-712 request the delegator signs (what `eth_signTypedData_v4` is asked for). */
export function delegationTypedData(
  delegation: Omit<Delegation, 'signature'>,
  chainId: number,
  delegationManager: Address,
) {
  return {
    domain: { name: 'DelegationManager', version: '1', chainId, verifyingContract: delegationManager },
    types: delegationTypes,
    primaryType: 'Delegation' as const,
    message: message(delegation),
  }
}

/** The hash the DelegationManager keys a delegation by (disabled delegations, enforcers' spent amounts). */
export const delegationHash = (delegation: Omit<Delegation, 'signature'>): Hex =>
  hashStruct({ data: message(delegation), types: delegationTypes, primaryType: 'Delegation' })

/** ERC-7710's permission context: the chain of delegations, leaf first, ABI-encoded. */
export const encodePermissionContext = (delegations: readonly Delegation[]): Hex =>
  encodeAbiParameters(delegationArray, [delegations])

/** Reads a permission context back; throws on bytes that are not a delegation chain. */
export function decodePermissionContext(context: Hex): Delegation[] {
  const [delegations] = decodeAbiParameters(delegationArray, context)
  return delegations.map((d) => ({ ...d, caveats: d.caveats.map((c) => ({ ...c })) }))
}

/** ERC-7579's single execution: target, value and calldata packed, as `executeFromExecutor` reads them. */
export const singleExecution = (call: { to: Address; value: bigint; data: Hex }): Hex =>
  encodePacked(['address', 'uint256', 'bytes'], [call.to, call.value, call.data])
