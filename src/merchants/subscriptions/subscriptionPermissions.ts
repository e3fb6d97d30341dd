import type { Address, PublicClient } from 'viem'
import type { ScheduleInterval } from '../../domain/schedule/schedulePeriods.ts'
import type { SignedPayment } from '../../relayer/prepareRelay.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'

/** What a plan asks the payer's wallet for: at most `periodCap` of `token` each period, to the payee, until `endsAt`. */
export type PermissionTerms = {
  chainId: number
  payer: Address
  payee: Address
  token: Address
  periodCap: bigint
  interval: ScheduleInterval
  startsAt: Date
  endsAt: Date | null
}

/** A granted permission as Billfold keeps it: the module's own data, and when the chain stops honouring it. */
export type GrantedPermission = { data: Record<string, unknown>; expiresAt: Date | null }

/** Why the chain would refuse a charge now; `revoked` cancels the subscription, the rest make the period past due. */
export type ChargeRefusal = 'revoked' | 'expired' | 'period_spent' | 'balance'

export type Chargeability = { chargeable: true } | { chargeable: false; because: ChargeRefusal; words: string }

/**
 * The on-chain permission mechanism as the subscriptions product uses it: three calls, each made in
 * one place (starting a subscription, and the charger's check and send). The mechanism itself (the
 * standard chosen, its contracts, the wallet's grant) lives behind this seam.
 */
export type SubscriptionPermissions = {
  /** The payer's grant read through a schema and held against the plan's terms on chain; throws PermissionMismatchError. */
  verify(client: PublicClient, granted: unknown, terms: PermissionTerms): Promise<GrantedPermission>
  /** Asked of the chain before anything is sent: may `amount` be charged now? */
  chargeable(client: PublicClient, permission: Record<string, unknown>, amount: bigint): Promise<Chargeability>
  /** The period's charge as the payee's relayer sends it (its reference in the call, so the watcher credits the request). */
  charge(permission: Record<string, unknown>, request: PaymentRequestRow): SignedPayment<unknown>
}
