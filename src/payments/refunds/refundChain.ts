import { getAddress, type Address } from 'viem'
import { badInput } from '../../domain/errors/input.ts'
import type { AcceptedChain } from '../../domain/requestChains.ts'
import type { PaymentRequestRow, PaymentRow } from '../repository/paymentRequests.ts'
import { acceptedChainsOf } from '../repository/requestChainRows.ts'

/**
 * The chain a refund goes back on, and the request's token there: the one asked for, among those the
 * request accepts; else the chain the recipient paid on (a smart-contract wallet may not exist at its
 * address on another chain, so money sent elsewhere could be lost); else, for a recipient who did not
 * pay, the request's own. A recipient who paid on several chains must be told which.
 */
export function refundChainOf(
  request: PaymentRequestRow,
  paid: readonly PaymentRow[],
  to: Address,
  asked: number | null | undefined,
): AcceptedChain {
  const accepted = acceptedChainsOf(request)
  if (asked !== null && asked !== undefined) {
    const chain = accepted.find((c) => c.chainId === asked)
    if (!chain)
      throw badInput(
        'chainId',
        `is chain ${asked}, which this request does not accept; it accepts ${accepted.map((c) => c.chainId).join(', ')}.`,
      )
    return chain
  }
  const paidOn = new Set(paid.filter((p) => getAddress(p.fromAddress) === to).map((p) => p.chainId))
  if (paidOn.size > 1)
    throw badInput(
      'chainId',
      `is needed: ${to} paid on chains ${[...paidOn].sort((a, b) => a - b).join(' and ')}; say which to refund on.`,
    )
  const [only] = paidOn
  return accepted.find((c) => c.chainId === (only ?? request.chainId)) ?? accepted[0]!
}
