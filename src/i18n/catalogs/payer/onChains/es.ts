import type { PaymentsOnChainsCatalog } from './en.ts'

const es: PaymentsOnChainsCatalog = {
  'payer/onChains': {
    paymentLine: '{amount} {symbol} en {chain}: {hash}',
    receiptLine: '{amount} {symbol} en {chain}, el {date}, bloque {block}: {hash}',
    total: 'En total: {amount} {symbol}',
    chains: 'Cadenas',
  },
}

export default es
