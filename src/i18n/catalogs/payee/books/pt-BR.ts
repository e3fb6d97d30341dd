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
  'payee/books/export': {
    title: 'Exportar para seu programa de contabilidade',
    intro:
      'Arquivos que DATEV, Xero e QuickBooks Online importam como estão: cada pagamento, reembolso e taxa do relayer em sua própria linha, avaliado na moeda da sua contabilidade no seu bloco, com o valor em tokens e a origem da cotação.',
    format: 'Arquivo',
    datev: 'DATEV – lote de lançamentos (EXTF)',
    xeroStatement: 'Xero – extrato bancário',
    xeroInvoices: 'Xero – faturas de venda',
    quickbooksStatement: 'QuickBooks Online – transações bancárias',
    quickbooksInvoices: 'QuickBooks Online – faturas',
    from: 'De',
    to: 'Até',
    download: 'Baixar',
    datevHint: 'O arquivo DATEV lança no plano de contas e com os números definidos nas configurações.',
  },
  'payee/books/accounting': {
    title: 'Exportação DATEV',
    intro:
      'O plano de contas e os números com que sua exportação DATEV é lançada. Peça ao seu contador os números de consultor e de cliente; uma conta deixada em branco é a do plano.',
    chart: 'Plano de contas',
    consultantNumber: 'Número do consultor',
    clientNumber: 'Número do cliente',
    fiscalYearStart: 'O exercício começa em',
    accountLength: 'Tamanho das contas',
    accounts: 'Contas',
    clearing: 'Conta transitória de criptoativos',
    revenueStandard: 'Receitas com 19 % de imposto',
    revenueReduced: 'Receitas com 7 % de imposto',
    revenueTaxFree: 'Receitas isentas',
    revenue: 'Receitas sem fatura',
    fees: 'Taxas do relayer',
    payouts: 'Repasses a terceiros',
    save: 'Salvar',
    saved: 'Salvo.',
  },
}

export default ptBR
