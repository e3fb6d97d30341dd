import type { RefundsCatalog } from './en.ts'

const es: RefundsCatalog = {
  'payee/refunds/panel': {
    title: 'Reembolsos',
    intro:
      'Devuelve dinero desde tu propia billetera: todo, una parte o lo que se pagó de más. Billfold registra el reembolso cuando lo ve en la cadena.',
    line: '{amount} a {address}, {date}:',
    awaiting_transfer: 'Esperando la transferencia de tu billetera',
    awaitingOwner: 'Preparado: lo envía la billetera del propietario',
    refunded: 'Reembolsado',
    cancelled: 'Cancelado',
    expired: 'Caducado (nunca enviado)',
    send: 'Enviar desde mi monedero',
    sentWaiting: 'Enviado desde tu billetera; aparecerá como reembolsado en cuanto la cadena lo registre:',
  },
  'payee/refunds/dialog': {
    open: 'Reembolsar…',
    title: 'Reembolsar esta solicitud',
    description:
      'Tu billetera envía el reembolso; Billfold nunca custodia tus fondos. Se pueden reembolsar hasta {amount}.',
    sent: 'Reembolso enviado.',
    sentDetail: 'Aparecerá como reembolsado cuando esté en la cadena.',
    prepared: 'Preparado.',
    preparedDetail: 'Lo envía el monedero del propio negocio: el propietario lo encuentra en esta página.',
    close: 'Cerrar',
    howMuch: 'Cuánto',
    all: 'Todo lo reembolsable: {amount}',
    excess: 'Lo pagado de más: {amount}',
    other: 'Otro importe',
    amount: 'Importe ({symbol})',
    to: 'Reembolsar a',
    toHint: 'La dirección que pagó. Cámbiala si se pagó desde un exchange y te dieron otra dirección.',
    chainFallback: 'la red {id}',
    chain: 'Reembolsar en',
    chainHint: 'Vuelve por la red en la que pagó el destinatario.',
    confirm: 'Confirma en tu billetera…',
    preparing: 'Preparando…',
    submit: 'Reembolsar {amount}',
  },
}

export default es
