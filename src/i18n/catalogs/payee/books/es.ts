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
  'payee/books/export': {
    title: 'Exportar para su programa de contabilidad',
    intro:
      'Archivos que DATEV, Xero y QuickBooks Online importan tal cual: cada pago, reembolso y comisión del relayer en su propia línea, valorado en la moneda de su contabilidad en su bloque, con el importe en tokens y el origen del tipo de cambio.',
    format: 'Archivo',
    datev: 'DATEV – lote de asientos (EXTF)',
    xeroStatement: 'Xero – extracto bancario',
    xeroInvoices: 'Xero – facturas de venta',
    quickbooksStatement: 'QuickBooks Online – movimientos bancarios',
    quickbooksInvoices: 'QuickBooks Online – facturas',
    from: 'Desde',
    to: 'Hasta',
    download: 'Descargar',
    datevHint: 'El archivo DATEV contabiliza en el plan de cuentas y con los números de la configuración.',
  },
  'payee/books/accounting': {
    title: 'Exportación DATEV',
    intro:
      'El plan de cuentas y los números con los que se contabiliza su exportación DATEV. Pida a su asesor fiscal los números de asesor y de cliente; una cuenta vacía es la del plan.',
    chart: 'Plan de cuentas',
    consultantNumber: 'Número de asesor',
    clientNumber: 'Número de cliente',
    fiscalYearStart: 'El ejercicio empieza en',
    accountLength: 'Longitud de las cuentas',
    accounts: 'Cuentas',
    clearing: 'Cuenta puente de criptoactivos',
    revenueStandard: 'Ingresos al 19 % de IVA',
    revenueReduced: 'Ingresos al 7 % de IVA',
    revenueTaxFree: 'Ingresos exentos',
    revenue: 'Ingresos sin factura',
    fees: 'Comisiones del relayer',
    payouts: 'Pagos a terceros',
    save: 'Guardar',
    saved: 'Guardado.',
  },
}

export default es
