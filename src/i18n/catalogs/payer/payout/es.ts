import type { PayoutReceiptCatalog } from './en.ts'

const es: PayoutReceiptCatalog = {
  'payer/payout/receipt': {
    title: 'Recibo de pago',
    loading: 'Cargando el recibo…',
    notPaid:
      'Este pago está preparado pero aún no se ha pagado: aparecerá aquí como pagado cuando la cadena tenga su transferencia.',
    amount: 'Importe',
    from: 'Pagado por',
    to: 'Pagado a',
    on: 'Pagado el',
    chain: 'Red',
    note: 'Nota',
    transaction: 'Transacción',
    reference: 'Referencia',
    print: 'Imprimir o guardar como PDF',
  },
}

export default es
