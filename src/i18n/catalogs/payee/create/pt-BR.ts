import type { PayeeCreateCatalog } from './en.ts'

const ptBR: PayeeCreateCatalog = {
  form: {
    documentTitle: 'Nova cobrança',
    title: 'Nova cobrança',
    kind: 'Em que a cobrança é definida',
    kindToken: 'Em um token (USDC, ETH…)',
    kindCurrency: 'Em uma moeda (EUR, USD…)',
    chain: 'Rede',
    testNetwork: '{name} (rede de teste)',
    alsoPayableOn: 'Também pode ser pago em {symbol} em (pagamentos parciais em duas redes se somam)',
    asset: 'Token',
    amount: 'Valor',
    payer: 'Pagador (opcional): só contam pagamentos deste endereço',
    memo: 'Descrição ({used}/{max})',
    in7Days: 'Em 7 dias',
    in30Days: 'Em 30 dias',
    endOfMonth: 'Fim do mês',
    signing: 'Assine na sua carteira…',
    submit: 'Assinar e criar cobrança',
    due: 'Vencimento',
    duePresets: 'Atalhos de vencimento',
    sameAmount:
      'Outra cobrança sua em aberto pede este mesmo valor. Transferências diretas (de uma corretora, ou de uma carteira que lê um QR code) não conseguiriam distingui-las; acrescente um centavo ou peça a quem paga que use o link da carteira.',
  },
}

export default ptBR
