import { getAddress, type Address } from 'viem'
import { isOpenForSignedPayment } from '../domain/paymentStatus.ts'
import { paymentMethods } from '../payments/methods/registry.ts'
import type { PaymentRequestRow } from '../payments/repository/paymentRequests.ts'
import { requestOnChain } from '../payments/repository/requestChainRows.ts'
import { authorizableToken } from './prepareRelay.ts'
import { currentFees, LOW_BALANCE_RELAYS, worstCost } from './relayFees.ts'
import { findRelayer, type RelayerRow } from './relayerStore.ts'
import { pausedReason, payerRefusedReason, payerRefusedUntil } from './revertBudget.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'

/** Why a payer cannot pay without gas, for the page to say in the payer's language. */
export const GASLESS_REASON_CODES = [
  'chain_not_accepted',
  'token_unsupported',
  'not_open',
  'relayer_off',
  'relayer_paused',
  'payer_refused',
  'relayer_unfunded',
  'fee_above_cap',
] as const
export type GaslessReasonCode = (typeof GASLESS_REASON_CODES)[number]

/** `reason` in English for API clients; `reasonCode` for a page that says it in its reader's language. */
export type GaslessAvailability = { available: boolean; reason: string | null; reasonCode: GaslessReasonCode | null }

const BALANCE_CACHE_MS = 2_000
const balances = new Map<string, { at: number; balance: Promise<bigint> }>()

/**
 * A relayer's native balance, asked at most every two seconds for pay pages (every view needs it);
 * `fresh` for the payee, who has just funded it and looks.
 */
export function relayerBalance(
  services: Pick<RelayerServices, 'clients'>,
  chainId: number,
  address: Address,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<bigint> {
  const cached = balances.get(address)
  if (!fresh && cached && Date.now() - cached.at < BALANCE_CACHE_MS) return cached.balance
  const balance = clientOf(services, chainId).getBalance({ address })
  balances.set(address, { at: Date.now(), balance })
  balance.catch(() => balances.delete(address))
  return balance
}

/**
 * What a relay costs in gas, for the warnings (a relay's own limit is estimated from its
 * simulation): the costliest of the methods a relayer sends.
 */
const RELAY_GAS_ESTIMATE = paymentMethods.reduce((most, m) => {
  const gas = m.relay?.gasEstimate ?? 0n
  return gas > most ? gas : most
}, 0n)

/** What a relay costs now, and the balance under which the relayer is running low (20 relays). */
export async function relayCostNow(services: Pick<RelayerServices, 'clients'>, chainId: number) {
  const fees = await currentFees(clientOf(services, chainId))
  const relay = worstCost(RELAY_GAS_ESTIMATE, fees)
  return { relay, lowBelow: relay * LOW_BALANCE_RELAYS }
}

/**
 * Whether a payer can pay this request without gas on `chainId` (its own chain unless told; any it
 * accepts), and why not when not. The payee's relayer, its pause, its funds and its fee cap are those
 * of that chain: each chain has its own.
 */
export async function gaslessAvailability(
  services: RelayerServices,
  asked: PaymentRequestRow,
  /** Relayers already looked up (a page of one payee's requests asks for the same one each time). */
  seen = new Map<string, Promise<RelayerRow | undefined>>(),
  /** The payer, when known (the pay page's connected wallet): one refused for now is told why. */
  payer?: string,
  chainId = asked.chainId,
): Promise<GaslessAvailability> {
  const no = (reasonCode: GaslessReasonCode, reason: string) => ({ available: false, reason, reasonCode })
  const request = requestOnChain(asked, chainId)
  if (!request) return no('chain_not_accepted', `This request is not paid on chain ${chainId}.`)
  if (!authorizableToken(services, request))
    return no('token_unsupported', `${request.symbol} cannot be paid by signature alone.`)
  if (!isOpenForSignedPayment(request.status)) return no('not_open', 'This request is not open for payment.')
  const key = `${request.payee}:${request.chainId}`
  if (!seen.has(key)) seen.set(key, findRelayer(services.db, getAddress(request.payee), request.chainId))
  const relayer = await seen.get(key)
  if (!relayer?.enabled) return no('relayer_off', 'The payee has not turned on payments without gas.')
  if (relayer.pausedAt) return no('relayer_paused', pausedReason(relayer))
  if (payer) {
    const until = await payerRefusedUntil(services.db, request.chainId, getAddress(payer))
    if (until) return no('payer_refused', payerRefusedReason(until))
  }
  const [balance, cost] = await Promise.all([
    relayerBalance(services, request.chainId, relayer.address as Address),
    relayCostNow(services, request.chainId),
  ])
  if (balance < cost.relay)
    return no('relayer_unfunded', "The payee's relayer has no funds for the network fee right now.")
  if (relayer.feeCap !== null && cost.relay > BigInt(relayer.feeCap))
    return no('fee_above_cap', 'Network fees are above what the payee pays for you right now.')
  return { available: true, reason: null, reasonCode: null }
}
