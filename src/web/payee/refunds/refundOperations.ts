import { graphql } from '../../graphql/graphql.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'

export const PrepareRefundMutation = graphql(`
  mutation PrepareRefund($requestId: String!, $amount: String!, $to: String, $chainId: Int) {
    prepareRefund(requestId: $requestId, amount: $amount, to: $to, chainId: $chainId) {
      id
      transaction {
        chainId
        to
        value
        data
      }
    }
  }
`)

export const CancelRefundMutation = graphql(`
  mutation CancelRefund($id: String!) {
    cancelRefund(id: $id) {
      id
      state
    }
  }
`)

/**
 * What the form may offer (the server checks again, the request's row locked): what was received,
 * less what went back and what refunds in flight hold; and the excess over the amount asked.
 */
export function refundChoices(request: PaymentRequestData) {
  const received = BigInt(request.received)
  const held = request.refunds
    .filter((r) => r.state === 'awaiting_transfer')
    .reduce((sum, r) => sum + BigInt(r.amount), 0n)
  const left = received - BigInt(request.refunded) - held
  const available = left > 0n ? left : 0n
  const excess = received - BigInt(request.amount)
  return { available, excess: excess > 0n && excess <= available ? excess : 0n }
}

/** The address that paid, when every payment came from one. */
export function onlyPayer(request: PaymentRequestData): string | undefined {
  const senders = [...new Set(request.payments.map((p) => p.from.toLowerCase()))]
  return senders.length === 1 ? request.payments[0]!.from : undefined
}
