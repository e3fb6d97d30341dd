import type { PayeeRequestCatalog } from './en.ts'

const es: PayeeRequestCatalog = {
  page: {
    titleFor: 'Solicitud de {amount}',
    title: 'Solicitud de pago',
    loading: 'Cargando la solicitud…',
    chainFallback: 'Red {id}',
    share: 'Compartir',
    qrLabel: 'Código QR del enlace de pago',
    payLink: 'Enlace de pago',
    copyLink: 'Copiar enlace',
    linkCopied: 'Enlace copiado',
    timeline: 'Historial',
    receipt: 'Recibo',
    invoicePdf: 'Factura {number} (PDF)',
    payerListHint:
      'Todas tus solicitudes abiertas para {payer} en un solo enlace: elige y las paga con una sola confirmación.',
    payerListMake: 'Crear un enlace a todas sus solicitudes abiertas',
    payerListLink: 'Enlace a sus solicitudes abiertas',
  },
  timeline: {
    created: 'Creada y firmada por el beneficiario',
    receivedFrom: 'Recibido {amount} de {from}',
    confirmationsOne: ', {count} confirmación',
    confirmationsOther: ', {count} confirmaciones',
    matchedByAmount: ' · asociado por importe (una transferencia directa)',
    assigned: ' · asignado por el beneficiario',
    paid: 'Pagada por completo',
    paidLate: 'Pagada por completo, después del vencimiento',
    expired: 'Vencida: no se recibió nada antes del vencimiento',
    cancelled: 'Cancelada por el beneficiario',
  },
  chains: {
    title: 'Recibido en cada cadena',
    onChain: '{amount} en {chain}',
    paymentsOne: '{count} pago',
    paymentsOther: '{count} pagos',
  },
  cancel: {
    button: 'Cancelar solicitud',
    title: '¿Cancelar esta solicitud?',
    explain:
      'La página de pago indicará a quien abra el enlace que se canceló. No se puede deshacer; puede crear una nueva solicitud en su lugar.',
    keep: 'Mantenerla',
    cancelling: 'Cancelando…',
    confirm: 'Sí, cancelarla',
  },
  back: {
    link: '← Sus solicitudes',
  },
}

export default es
