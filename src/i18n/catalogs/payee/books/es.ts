import type { BooksCatalog } from './en.ts'

const es: BooksCatalog = {
  'payee/books/currency': {
    title: 'Contabilidad',
    intro:
      'Cada pago que recibes se valora en esta moneda en su bloque, con los feeds de precios de Chainlink de la cadena: el extracto del panel los lista mes a mes, listo para tu gestor.',
    currency: 'Moneda de tu contabilidad',
    choose: 'Elige…',
    saved: 'Guardado: tu contabilidad se lleva en {currency}.',
  },
  'payee/books/statement': {
    title: 'Extracto mensual',
    month: 'Mes',
    csv: 'Descargar CSV',
    print: 'Imprimir o guardar como PDF',
    chooseCurrency: 'Elige la moneda de tu contabilidad en Ajustes.',
    caption:
      'Pagos recibidos en {month}, valorados en {currency} en su bloque; los reembolsos, al cambio al que se pagó su solicitud',
    date: 'Fecha',
    request: 'Solicitud',
    amount: 'Importe',
    rate: 'Cambio',
    value: 'Valor',
    transaction: 'Transacción',
    refund: '(reembolso)',
    beingValued: 'en valoración',
    total: 'Total',
    totalUnvalued: 'Total ({count} en valoración)',
  },
}

export default es
