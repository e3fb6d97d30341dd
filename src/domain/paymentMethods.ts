/**
 * The ways a request can be paid, by stable id (the token list, the relays table and the pay page name
 * them so). Each one's full description — what the watcher reads, how the relayer sends it — is its
 * folder in `src/payments/methods/`; here is only what every floor, the browser's included, shares.
 */
export const paymentMethodIds = ['token-transfer', 'native-transfer', 'erc3009'] as const
export type PaymentMethodId = (typeof paymentMethodIds)[number]

/**
 * What the payer does: send a transaction from their own wallet (and pay its fee), or sign a message
 * that the payee's relayer sends for them.
 */
export type PayerAction = 'transaction' | 'signature'
