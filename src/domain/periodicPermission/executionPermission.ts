import { isAddress, isHex, toHex, type Address, type Hex } from 'viem'
import { z } from 'zod'
import type { PeriodicPermission } from './periodicPermission.ts'

/** ERC-7715 permission types Billfold asks for, as MetaMask names them. */
export const periodicPermissionTypes = ['erc20-token-periodic', 'native-token-periodic'] as const
export type PeriodicPermissionType = (typeof periodicPermissionTypes)[number]

export const permissionTypeOf = (permission: PeriodicPermission): PeriodicPermissionType =>
  permission.asset.kind === 'erc20' ? 'erc20-token-periodic' : 'native-token-periodic'

/** The one request of `wallet_requestExecutionPermissions` (ERC-7715) that asks for a periodic permission. */
export type ExecutionPermissionRequest = {
  chainId: Hex
  from?: Address
  to: Address
  permission: {
    type: PeriodicPermissionType
    isAdjustmentAllowed: false
    data: {
      periodAmount: Hex
      periodDuration: number
      startTime: number
      tokenAddress?: Address
      justification: string
    }
  }
  rules: (
    { type: 'expiry'; data: { timestamp: number } } | { type: 'payee' | 'redeemer'; data: { addresses: Address[] } }
  )[]
}

/** Asks the payer's wallet for `permission`, not adjustable, with its end, its payee and its redeemer as rules. */
export function executionPermissionRequest(
  permission: PeriodicPermission,
  chainId: number,
  justification: string,
  from?: Address,
): ExecutionPermissionRequest {
  return {
    chainId: toHex(chainId),
    ...(from ? { from } : {}),
    to: permission.redeemer,
    permission: {
      type: permissionTypeOf(permission),
      isAdjustmentAllowed: false,
      data: {
        ...(permission.asset.kind === 'erc20' ? { tokenAddress: permission.asset.token } : {}),
        periodAmount: toHex(permission.periodAmount),
        periodDuration: permission.periodSeconds,
        startTime: permission.startTime,
        justification,
      },
    },
    rules: [
      { type: 'expiry', data: { timestamp: permission.expiry } },
      { type: 'payee', data: { addresses: [permission.payee] } },
      { type: 'redeemer', data: { addresses: [permission.redeemer] } },
    ],
  }
}

const address = z.string().refine((s) => isAddress(s, { strict: false }), 'must be an address') as z.ZodType<Address>
const hex = z.string().refine((s) => isHex(s), 'must be hex') as z.ZodType<Hex>

/** One granted permission as a wallet answers it; what Billfold relies on is re-read from `context` on the server. */
export const grantedPermissionSchema = z.object({
  chainId: hex,
  from: address,
  to: address,
  permission: z.object({ type: z.string(), data: z.record(z.unknown()) }).passthrough(),
  context: hex,
  delegationManager: address,
  dependencies: z.array(z.object({ factory: address, factoryData: hex })).default([]),
})
export type GrantedPermission = z.infer<typeof grantedPermissionSchema>

/** `wallet_requestExecutionPermissions` answers one granted permission per request. */
export const grantedPermissionsSchema = z.array(grantedPermissionSchema).min(1)

/** `wallet_getSupportedExecutionPermissions`: per permission type, the chains and rule types the wallet grants. */
export const supportedPermissionsSchema = z.record(
  z.object({ chainIds: z.array(hex), ruleTypes: z.array(z.string()).default([]) }).passthrough(),
)
export type SupportedPermissions = z.infer<typeof supportedPermissionsSchema>

const rule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('expiry'), data: z.object({ timestamp: z.number().int().positive() }) }),
  z.object({ type: z.literal('payee'), data: z.object({ addresses: z.array(address).length(1) }) }),
  z.object({ type: z.literal('redeemer'), data: z.object({ addresses: z.array(address).length(1) }) }),
])

/** A periodic permission request as a wallet receives it from a page (untrusted). */
export const periodicPermissionRequestSchema = z.object({
  chainId: hex,
  from: address.optional(),
  to: address,
  permission: z.object({
    type: z.enum(periodicPermissionTypes),
    isAdjustmentAllowed: z.boolean(),
    data: z.object({
      tokenAddress: address.optional(),
      periodAmount: hex,
      periodDuration: z.number().int().positive(),
      startTime: z.number().int().positive(),
      justification: z.string().max(500).optional(),
    }),
  }),
  rules: z.array(rule),
})

/**
 * What a periodic permission request asks for, read as a wallet reads it: the expiry and payee
 * rules are required (Billfold grants nothing open-ended), the redeemer defaults to `to`.
 */
export function periodicPermissionOfRequest(
  request: z.infer<typeof periodicPermissionRequestSchema>,
): PeriodicPermission {
  const { data, type } = request.permission
  const find = <T extends string>(kind: T) => request.rules.find((r) => r.type === kind)
  const expiry = find('expiry')
  const payee = find('payee')
  const redeemer = find('redeemer')
  if (expiry?.type !== 'expiry') throw new Error('The permission request has no expiry rule.')
  if (payee?.type !== 'payee') throw new Error('The permission request has no payee rule.')
  if (type === 'erc20-token-periodic' && !data.tokenAddress) throw new Error('The permission request names no token.')
  return {
    asset: type === 'erc20-token-periodic' ? { kind: 'erc20', token: data.tokenAddress! } : { kind: 'native' },
    periodAmount: BigInt(data.periodAmount),
    periodSeconds: data.periodDuration,
    startTime: data.startTime,
    expiry: expiry.data.timestamp,
    payee: payee.data.addresses[0]!,
    redeemer: redeemer?.type === 'redeemer' ? redeemer.data.addresses[0]! : request.to,
  }
}
