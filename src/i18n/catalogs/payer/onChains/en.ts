/**
 * A request paid on another chain than its own, or on several: each payment names its chain, and
 * the parts add up to a total. In English: the base the other languages translate.
 */
const en = {
  'payer/onChains': {
    paymentLine: '{amount} {symbol} on {chain}: {hash}',
    receiptLine: '{amount} {symbol} on {chain}, on {date}, block {block}: {hash}',
    total: 'In all: {amount} {symbol}',
    chains: 'Chains',
  },
}

export type PaymentsOnChainsCatalog = typeof en
export default en
