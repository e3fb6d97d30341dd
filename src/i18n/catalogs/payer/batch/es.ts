import type { BatchCatalog } from './en.ts'

const es: BatchCatalog = {
  'payer/batch/page': {
    title: 'Pagar varias solicitudes',
    intro:
      'Las solicitudes que abrió en este navegador y que siguen abiertas. Elija las que quiere pagar: su billetera pregunta una sola vez y cada solicitud recibe su propio pago.',
    none: 'No se abrió ninguna solicitud abierta en este navegador. Abra una vez el enlace de cada solicitud y vuelva aquí.',
    choose: 'Solicitudes que pagar',
    request: '{amount} a {payee}',
    dueOf: 'quedan {due} de {amount}',
    oneNetwork: 'Elija solicitudes de una sola red: una confirmación paga en una red.',
    total: 'Total: {total} ({count} solicitudes en {chain})',
    pay: 'Pagar {count} solicitudes con una confirmación',
    paying: 'Confirme en su billetera…',
    loading: 'Cargando sus solicitudes…',
    nonePaidBalance:
      'No se pagó ninguna de las {count} solicitudes y todas siguen abiertas: tu saldo de {symbol} ({balance}) es menor que su total ({total}).',
    nonePaidReverted:
      'No se pagó ninguna de las {count} solicitudes y todas siguen abiertas: la red deshizo el lote entero porque uno de sus pagos falló (solo se gastó la comisión de red).',
    nonePaidFailed:
      'No se pagó ninguna de las {count} solicitudes y todas siguen abiertas: tu billetera no pudo enviar el lote.',
    listIntro:
      'Las solicitudes abiertas que {payee} hizo para {payer}. Elige las que quieras pagar: tu billetera pide una sola confirmación y cada solicitud recibe su propio pago.',
    listNone: 'No queda nada por pagar en esta lista.',
    listOtherAccount:
      'Estas solicitudes son para {payer}: solo cuentan los pagos desde esa cuenta. Cámbiate a ella en tu billetera.',
  },
  'payer/batch/receipt': {
    title: 'Recibo',
    intro: 'Enviado con una sola confirmación. Cada solicitud aparece como pagada cuando la cadena tiene su pago.',
    request: 'Solicitud',
    amount: 'Importe',
    status: 'Estado',
    transaction: 'Transacción',
    view: 'Recibo de esta solicitud',
  },
}

export default es
