import type { Address } from 'viem'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'

/** What the pay page gives the screen of a method the payer signs, once their wallet is on the chain. */
export type SignedMethodProps = {
  request: PaymentRequestData
  /** Whether the payee's relayer can send it for this payer now (`usePayerGasless`). */
  gasless: PaymentRequestData['gasless']
  payer: Address
  amount: bigint
  shortGas: boolean
  nativeSymbol: string
  onSent: (hash: string) => void
}
