import { getAddress, type Address, type Hex, type PublicClient } from 'viem'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { checkPermit2Charge, type Permit2Refusal } from '../../payments/subscriptions/permit2/checkPermit2Charge.ts'
import {
  permit2TransferCall,
  permitCall,
  type StoredPermit2,
} from '../../payments/subscriptions/permit2/permit2Grant.ts'
import { clientOf, type RelayerServices } from '../../relayer/relayerServices.ts'
import { sendCharge } from './sendCharge.ts'
import type { Chargeability } from './subscriptionPermissions.ts'
import { chargeReason, type ChargeReasonCode } from '../../domain/subscription/chargeReason.ts'

/** How long a charge waits for the payer's permit to be mined before it leaves the period to the next sweep. */
const PERMIT_WAIT_MS = 30_000

const CODES: Record<Permit2Refusal, ChargeReasonCode> = {
  revoked: 'permission_revoked',
  expired: 'permission_expired',
  'over-allowance': 'allowance_spent',
  'token-approval-low': 'token_approval_low',
  'balance-too-low': 'balance_too_low',
  'would-revert': 'would_revert',
}

/** Asked of the chain before anything is sent, in the subscription's terms (a revoked allowance cancels it). */
export async function permit2Chargeability(
  client: PublicClient,
  stored: StoredPermit2,
  payee: Address,
  amount: bigint,
  relayer: Address,
): Promise<Chargeability & { permitSent?: boolean }> {
  const check = await checkPermit2Charge(client, stored, payee, amount, relayer)
  if (check.ok) return { chargeable: true, permitSent: check.permitSent }
  return {
    chargeable: false,
    revoked: check.reason === 'revoked',
    reason: chargeReason(CODES[check.reason], check.details),
  }
}

/**
 * The payer's signed permit sent by the payee's relayer (once: the same permit again is the same
 * relay) and waited for: true once mined, false while it waits or is not yet in a block.
 */
export async function sendPermit(services: RelayerServices, request: PaymentRequestRow, stored: StoredPermit2) {
  const key = `permit2:${stored.permit.spender}:${stored.permit.nonce}`
  const relay = await sendCharge(services, request, permitCall(stored), { token: stored.permit.token, key })
  if (relay.state === 'mined') return true
  const hash = relay.transactionHashes.at(-1)
  if (!hash || !['signed', 'sent'].includes(relay.state)) return false
  const receipt = await clientOf(services, request.chainId)
    .waitForTransactionReceipt({ hash: hash as `0x${string}`, timeout: PERMIT_WAIT_MS, pollingInterval: 250 })
    .catch(() => undefined)
  return receipt?.status === 'success'
}

/**
 * A Permit2 period's check and call: the payer's permit goes first, once (the allowance it sets is
 * what each charge then draws on); while it is not yet in a block the period waits, its lease held.
 */
export async function preparePermit2Charge(
  services: RelayerServices,
  request: PaymentRequestRow,
  stored: StoredPermit2 & { redeemer: Address },
  amount: bigint,
  overCap: Chargeability | undefined,
): Promise<{ check: Chargeability; call: { to: Address; data: Hex } } | 'waiting'> {
  const client = clientOf(services, request.chainId)
  const payee = getAddress(request.payee)
  const call = permit2TransferCall(stored, payee, amount)
  const first: Chargeability & { permitSent?: boolean } =
    overCap ?? (await permit2Chargeability(client, stored, payee, amount, stored.redeemer))
  if (!first.chargeable || first.permitSent !== false) return { check: first, call }
  let mined: boolean
  try {
    mined = await sendPermit(services, request, stored)
  } catch (error) {
    return {
      check: {
        chargeable: false,
        revoked: false,
        reason: chargeReason('send_failed', error instanceof Error ? error.message : String(error)),
      },
      call,
    }
  }
  if (!mined) return 'waiting'
  return { check: await permit2Chargeability(client, stored, payee, amount, stored.redeemer), call }
}
