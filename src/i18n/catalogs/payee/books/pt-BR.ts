import type { BooksCatalog } from './en.ts'

const ptBR: BooksCatalog = {
  'payee/books/currency': {
    title: 'Contabilidade',
    intro:
      'Cada pagamento que você recebe é avaliado nesta moeda no bloco dele, pelos feeds de preço da Chainlink da rede: o extrato do painel lista todos mês a mês, pronto para o seu contador.',
    currency: 'Moeda da sua contabilidade',
    choose: 'Escolha…',
    saved: 'Salvo: sua contabilidade é feita em {currency}.',
  },
  'payee/books/statement': {
    title: 'Extrato mensal',
    month: 'Mês',
    csv: 'Baixar CSV',
    print: 'Imprimir ou salvar como PDF',
    chooseCurrency: 'Escolha a moeda da sua contabilidade nas Configurações.',
    caption:
      'Pagamentos recebidos em {month}, avaliados em {currency} no bloco de cada um; reembolsos pela cotação em que a cobrança foi paga',
    date: 'Data',
    request: 'Cobrança',
    amount: 'Valor',
    rate: 'Cotação',
    value: 'Valor avaliado',
    transaction: 'Transação',
    refund: '(reembolso)',
    beingValued: 'em avaliação',
    total: 'Total',
    totalUnvalued: 'Total ({count} em avaliação)',
  },
}

export default ptBR
