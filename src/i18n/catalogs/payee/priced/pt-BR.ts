import type { PricedCatalog } from './en.ts'

const ptBR: PricedCatalog = {
  'payee/priced/form': {
    title: 'Nova cobrança com preço em moeda',
    intro:
      'Quem paga escolhe um dos tokens que você aceita e paga por uma cotação dos feeds de preço da Chainlink da rede, mantida por alguns minutos e assinada por uma chave que sua carteira autoriza uma vez.',
    chain: 'Rede',
    testNetwork: '{name} (rede de teste)',
    currency: 'Moeda',
    price: 'Preço',
    priceRequired: 'Digite o preço.',
    tolerance: 'Tolerância em % (opcional, no máximo {max}): um pagamento tão perto do preço conta como pago',
    signing: 'Assine na sua carteira…',
    submit: 'Assinar e criar cobrança',
  },
  'payee/priced/tokens': {
    legend: 'Tokens em que se pode pagar',
  },
}

export default ptBR
