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
  /** Whether to say why the method is not offered (the payer needs it, or was offered it on another chain). */
  explainUnavailable: boolean
  nativeSymbol: string
  onSent: (hash: string) => void
}
