import type { Address, PublicClient } from 'viem'
import {
  grantedPermissionsSchema,
  type GrantedPermission,
} from '../../domain/periodicPermission/executionPermission.ts'
import { chargeReason, type ChargeReason, type ChargeReasonCode } from '../../domain/subscription/chargeReason.ts'
import type { PeriodicPermission } from '../../domain/periodicPermission/periodicPermission.ts'
import { periodsBefore } from '../../domain/permit2/permit2.ts'
import { badInput } from '../../domain/errors/input.ts'
import {
  isStoredPermit2,
  verifyPermit2,
  type Permit2Ask,
  type StoredPermit2,
} from '../../payments/subscriptions/permit2/permit2Grant.ts'
import { PERIOD_SECONDS } from '../../domain/subscription/subscriptionCalendar.ts'
import type { ScheduleInterval } from '../../domain/schedule/schedulePeriods.ts'
import { checkCharge, type ChargeRefusal } from '../../payments/subscriptions/permission/checkCharge.ts'
import {
  readGrantedPermission,
  type VerifiedPermission,
} from '../../payments/subscriptions/permission/readGrantedPermission.ts'

/** What a plan asks the payer's wallet for: at most `periodCap` of `token` each period, to the payee, redeemed by its relayer. */
export type PermissionTerms = {
  chainId: number
  payee: Address
  token: Address
  periodCap: bigint
  interval: ScheduleInterval
  startsAt: Date
  /** When the permission ends: the plan's end, or five years on for a plan without one. */
  endsAt: Date
  /** The payee's relayer on this chain: the only account that may redeem it. */
  redeemer: Address
}

/** The ERC-7715 periodic permission (MetaMask's Delegation Framework) a plan's terms ask for, as the wallet is asked. */
export const askedPermission = (terms: PermissionTerms): PeriodicPermission => ({
  asset: { kind: 'erc20', token: terms.token },
  periodAmount: terms.periodCap,
  periodSeconds: PERIOD_SECONDS[terms.interval],
  startTime: Math.floor(terms.startsAt.getTime() / 1000),
  expiry: Math.floor(terms.endsAt.getTime() / 1000),
  payee: terms.payee,
  redeemer: terms.redeemer,
})

/** A granted permission as the subscriptions table keeps it: the wallet's answer, and the relayer it names. */
export type StoredDelegation = { granted: GrantedPermission; redeemer: Address }
/** Either mechanism's grant as stored: an ERC-7715 delegation, or a signed Permit2 permit. */
export type StoredPermission = StoredDelegation | (StoredPermit2 & { redeemer: Address })

/** The Permit2 permit a plan's terms ask for: the per-period cap times the periods before the end, until the end. */
export const askedPermit2 = (terms: PermissionTerms): Permit2Ask => ({
  chainId: terms.chainId,
  token: terms.token,
  total: terms.periodCap * BigInt(periodsBefore(terms.interval, terms.startsAt, terms.endsAt)),
  expiration: Math.floor(terms.endsAt.getTime() / 1000),
  spender: terms.redeemer,
})

/** The wallet's answer read and held against exactly what was asked. */
export async function verifyPermission(
  answer: unknown,
  terms: PermissionTerms,
): Promise<{ verified: VerifiedPermission; stored: StoredDelegation }> {
  const verified = await readGrantedPermission(answer, { permission: askedPermission(terms), chainId: terms.chainId })
  const [granted] = grantedPermissionsSchema.parse(answer)
  return { verified, stored: { granted: granted!, redeemer: terms.redeemer } }
}

/** The grant the payer's page sent, read by its mechanism (a permit against the chain's nonce, through `client`). */
export async function verifyGrant(
  answer: unknown,
  terms: PermissionTerms,
  client?: PublicClient,
): Promise<{ payer: Address; stored: StoredPermission }> {
  if (isStoredPermit2(answer)) {
    if (!client) throw badInput('permission', 'is a Permit2 permit on a chain this Billfold does not watch.')
    const permit = await verifyPermit2(client, answer, askedPermit2(terms))
    return { payer: permit.owner, stored: { ...permit, redeemer: terms.redeemer } }
  }
  const { verified, stored } = await verifyPermission(answer, terms)
  return { payer: verified.payer, stored }
}

/** Why a charge would be refused, in the subscription's terms: a revoked permission cancels it, the rest are past due. */
export type Chargeability = { chargeable: true } | { chargeable: false; revoked: boolean; reason: ChargeReason }

const CODES: Record<ChargeRefusal, ChargeReasonCode> = {
  'account-not-upgraded': 'account_not_upgraded',
  revoked: 'permission_revoked',
  'not-started': 'permission_not_started',
  expired: 'permission_expired',
  'over-period-amount': 'over_period_amount',
  'period-spent': 'period_spent',
  'balance-too-low': 'balance_too_low',
  'would-revert': 'would_revert',
}

/**
 * Asked of the chain before anything is sent: whether the payee's relayer may charge `amount` now
 * (revoked, expired, the period's allowance, the payer's balance, then the exact call simulated).
 */
export async function chargeability(
  client: PublicClient,
  verified: VerifiedPermission,
  amount: bigint,
  relayer: Address,
): Promise<Chargeability> {
  const check = await checkCharge(client, verified, amount, relayer)
  if (check.ok) return { chargeable: true }
  return {
    chargeable: false,
    revoked: check.reason === 'revoked',
    reason: chargeReason(CODES[check.reason], check.details),
  }
}

/** The permission as stored, read again against the subscription's own terms (the chain checks it all again). */
export const storedPermission = (stored: StoredDelegation, terms: PermissionTerms) =>
  readGrantedPermission([stored.granted], { permission: askedPermission(terms), chainId: terms.chainId })
