import type { PaymentsOnChainsCatalog } from './en.ts'

const ptBR: PaymentsOnChainsCatalog = {
  'payer/onChains': {
    paymentLine: '{amount} {symbol} na {chain}: {hash}',
    receiptLine: '{amount} {symbol} na {chain}, em {date}, bloco {block}: {hash}',
    total: 'No total: {amount} {symbol}',
    chains: 'Redes',
  },
}

export default ptBR
