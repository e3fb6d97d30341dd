import type { PayeeCreateCatalog } from './en.ts'

const es: PayeeCreateCatalog = {
  form: {
    documentTitle: 'Nueva solicitud',
    title: 'Nueva solicitud de pago',
    kind: 'En qué se fija el importe',
    kindToken: 'En un token (USDC, ETH…)',
    kindCurrency: 'En una moneda (EUR, USD…)',
    chain: 'Red',
    testNetwork: '{name} (red de pruebas)',
    alsoPayableOn: 'También se puede pagar en {symbol} en (los pagos parciales en dos cadenas se suman)',
    asset: 'Token',
    amount: 'Importe',
    payer: 'Pagador (opcional): solo cuentan los pagos desde esta dirección',
    memo: 'Concepto ({used}/{max})',
    in7Days: 'En 7 días',
    in30Days: 'En 30 días',
    endOfMonth: 'Fin de mes',
    signing: 'Firma en tu billetera…',
    submit: 'Firmar y crear la solicitud',
    due: 'Vence',
    duePresets: 'Vencimientos rápidos',
    sameAmount:
      'Otra solicitud abierta suya pide este mismo importe. Las transferencias directas (desde un exchange, o desde una wallet que escanea un código QR) no podrían distinguirlas; añada un céntimo o pida a quien paga que use el enlace de wallet.',
  },
}

export default es
