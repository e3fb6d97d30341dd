import { getAddress, type Address } from 'viem'
import { isOpenForSignedPayment } from '../domain/paymentStatus.ts'
import { paymentMethods } from '../payments/methods/registry.ts'
import type { PaymentRequestRow } from '../payments/repository/paymentRequests.ts'
import { authorizableToken } from './prepareRelay.ts'
import { currentFees, LOW_BALANCE_RELAYS, worstCost } from './relayFees.ts'
import { findRelayer, type RelayerRow } from './relayerStore.ts'
import { pausedReason, payerRefusedReason, payerRefusedUntil } from './revertBudget.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'

export type GaslessAvailability = { available: boolean; reason: string | null }

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

/** Whether a payer can pay this request without gas, and why not in words for them when not. */
export async function gaslessAvailability(
  services: RelayerServices,
  request: PaymentRequestRow,
  /** Relayers already looked up (a page of one payee's requests asks for the same one each time). */
  seen = new Map<string, Promise<RelayerRow | undefined>>(),
  /** The payer, when known (the pay page's connected wallet): one refused for now is told why. */
  payer?: string,
): Promise<GaslessAvailability> {
  const no = (reason: string) => ({ available: false, reason })
  if (!authorizableToken(services, request)) return no(`${request.symbol} cannot be paid by signature alone.`)
  if (!isOpenForSignedPayment(request.status)) return no('This request is not open for payment.')
  const key = `${request.payee}:${request.chainId}`
  if (!seen.has(key)) seen.set(key, findRelayer(services.db, getAddress(request.payee), request.chainId))
  const relayer = await seen.get(key)
  if (!relayer?.enabled) return no('The payee has not turned on payments without gas.')
  if (relayer.pausedAt) return no(pausedReason(relayer))
  if (payer) {
    const until = await payerRefusedUntil(services.db, request.chainId, getAddress(payer))
    if (until) return no(payerRefusedReason(until))
  }
  const [balance, cost] = await Promise.all([
    relayerBalance(services, request.chainId, relayer.address as Address),
    relayCostNow(services, request.chainId),
  ])
  if (balance < cost.relay) return no("The payee's relayer has no funds for the network fee right now.")
  if (relayer.feeCap !== null && cost.relay > BigInt(relayer.feeCap))
    return no('Network fees are above what the payee pays for you right now.')
  return { available: true, reason: null }
}
