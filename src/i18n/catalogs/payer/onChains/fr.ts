import type { PaymentsOnChainsCatalog } from './en.ts'

const fr: PaymentsOnChainsCatalog = {
  'payer/onChains': {
    paymentLine: '{amount} {symbol} sur {chain} : {hash}',
    receiptLine: '{amount} {symbol} sur {chain}, le {date}, bloc {block} : {hash}',
    total: 'Au total : {amount} {symbol}',
    chains: 'Chaînes',
  },
}

export default fr
