import type { PaymentsOnChainsCatalog } from './en.ts'

const de: PaymentsOnChainsCatalog = {
  'payer/onChains': {
    paymentLine: '{amount} {symbol} auf {chain}: {hash}',
    receiptLine: '{amount} {symbol} auf {chain}, am {date}, Block {block}: {hash}',
    total: 'Insgesamt: {amount} {symbol}',
    chains: 'Netzwerke',
  },
}

export default de
