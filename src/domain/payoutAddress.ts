import type { Address } from 'viem'

/** How long a signed change of the payout address may wait before it is sent: a signature found later is refused. */
export const PAYOUT_CHANGE_MINUTES = 15

export const payoutAddressTypes = {
  PayoutAddress: [
    { name: 'business', type: 'address' },
    { name: 'payoutAddress', type: 'address' },
    { name: 'nonce', type: 'uint64' },
    { name: 'signedAt', type: 'uint64' },
  ],
} as const

export type PayoutAddressChange = { business: Address; payoutAddress: Address; nonce: number; signedAt: Date }

/**
 * The EIP-712 data the owner's wallet signs to send the business's money to `payoutAddress`. The
 * nonce is the change's number (1 for the first), so a signature sets the address once; `signedAt`
 * bounds how long it may wait. No chain id: the address is the business's on every chain.
 */
export function payoutAddressTypedData(change: PayoutAddressChange) {
  return {
    domain: { name: 'Billfold', version: '1' },
    types: payoutAddressTypes,
    primaryType: 'PayoutAddress' as const,
    message: {
      business: change.business,
      payoutAddress: change.payoutAddress,
      nonce: BigInt(change.nonce),
      signedAt: BigInt(Math.floor(change.signedAt.getTime() / 1000)),
    },
  }
}
