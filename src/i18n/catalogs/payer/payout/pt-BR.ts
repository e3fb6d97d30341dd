import type { PayoutReceiptCatalog } from './en.ts'

const ptBR: PayoutReceiptCatalog = {
  'payer/payout/receipt': {
    title: 'Recibo de pagamento',
    loading: 'Carregando o recibo…',
    notPaid:
      'Este pagamento está preparado, mas ainda não foi pago: ele aparece aqui como pago quando a rede tiver a transferência.',
    amount: 'Valor',
    from: 'Pago por',
    to: 'Pago a',
    on: 'Pago em',
    chain: 'Rede',
    note: 'Observação',
    transaction: 'Transação',
    reference: 'Referência',
    print: 'Imprimir ou salvar como PDF',
  },
}

export default ptBR
