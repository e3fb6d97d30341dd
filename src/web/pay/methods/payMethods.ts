import type { ComponentType } from 'react'
import type { PaymentMethodId } from '../../../domain/paymentMethods.ts'
import { GaslessOption } from './erc3009/GaslessOption.tsx'
import type { SignedMethodProps } from './signedMethodProps.ts'

/**
 * The pay page's screen for each method the payer signs (their own wallet's transaction is the page's
 * Pay button): a new one is its folder here and a line in this list.
 */
export const signedMethodScreens: readonly { id: PaymentMethodId; Screen: ComponentType<SignedMethodProps> }[] = [
  { id: 'erc3009', Screen: GaslessOption },
]
