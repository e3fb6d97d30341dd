import type { EmailCatalog } from './en.ts'

const es: EmailCatalog = {
  confirm: {
    subject: 'Confirma tu dirección para los avisos de Billfold',
    body: 'Confirma que Billfold en {site} puede enviar avisos sobre tus solicitudes de pago a esta dirección:\n{link}\nEl enlace vale 48 horas. Si no lo pediste, ignora este correo, o rechaza todo correo de este Billfold con el último enlace.',
  },
  paid: {
    subject: 'Pagado: {amount} {symbol} por «{memo}»',
    body: 'Tu solicitud «{memo}» de {amount} {symbol} está pagada.\n{link}',
  },
  partially_paid: {
    subject: 'Pagado en parte: {received} de {amount} {symbol} por «{memo}»',
    body: 'Tu solicitud «{memo}» está pagada en parte: recibidos {received} de {amount} {symbol}.\n{link}',
  },
  overpaid: {
    subject: 'Pagado de más: {received} {symbol} por «{memo}»',
    body: 'Tu solicitud «{memo}» de {amount} {symbol} recibió {received} {symbol}. Puedes reembolsar el exceso desde su página.\n{link}',
  },
  expired: {
    subject: 'Vencida sin pagar: «{memo}»',
    body: 'Tu solicitud «{memo}» de {amount} {symbol} venció sin recibir nada.\n{link}',
  },
  unmatched: {
    subject: 'Una transferencia no coincide con ninguna solicitud: {amount} {symbol}',
    body: 'Te llegó una transferencia de {amount} {symbol} desde {from} que no coincide con ninguna solicitud. Asígnala a una solicitud o descártala:\n{link}',
  },
  refunded: {
    subject: 'Reembolso confirmado: {amount} {symbol} por «{memo}»',
    body: 'Tu reembolso de {amount} {symbol} a {to} por «{memo}» está en la cadena (transacción {tx}).\n{link}',
  },
  webhook_failing: {
    subject: 'Un endpoint de webhook lleva una hora fallando',
    body: 'Los envíos a {url} fallan desde hace más de una hora; se reintentan durante unos tres días. Revisa el endpoint:\n{link}',
  },
  relayer_low: {
    subject: 'A tu relayer en {chain} le queda poco saldo',
    body: 'Tu relayer en {chain} tiene {balance} {symbol}, {enough}. Recárgalo:\n{link}',
    enough: {
      one: 'suficiente para unos {relays} pago más sin gas',
      other: 'suficiente para unos {relays} pagos más sin gas',
    },
  },
  relayer_paused: {
    subject: 'Los pagos sin gas están en pausa en tu relayer {address}',
    body: 'Tu relayer {address} ha pausado los pagos sin gas: {reason}. Mientras tanto, a los pagadores se les ofrece la forma normal de pagar. Revisa sus envíos fallidos y reanúdalo cuando quieras:\n{link}',
  },
  receipt: {
    subject: 'Recibo: {amount} {symbol} pagados por «{memo}»',
    body: 'Tu pago de {amount} {symbol} a {payee} por «{memo}» está confirmado en la cadena. Tu recibo:\n{link}',
    bodyInParts:
      'Tu pago de {amount} {symbol} a {payee} por «{memo}» está confirmado en la cadena, en partes:\n{parts}\nEn total: {received} {symbol}. Tu recibo:\n{link}',
    part: '{amount} {symbol} en {chain} (transacción {tx})',
  },
  scheduled: {
    subject: 'Solicitud de pago: {amount} {symbol} por «{memo}»',
    body: '{payee} te pide {amount} {symbol} por «{memo}», con vencimiento el {due}. Págalo aquí:\n{link}',
  },
  subscription_coming: {
    subject: 'Próximo cobro: {amount} {symbol} por «{plan}» el {date}',
    body: '{payee} cobrará {amount} {symbol} por «{plan}» de tu billetera el {date}, como permite el permiso que concediste. No tienes que hacer nada. Para evitarlo, cancela la suscripción en su página antes de esa fecha:\n{link}',
  },
  subscription_past_due: {
    subject: 'Pago vencido: {amount} {symbol} por «{memo}»',
    body: 'No se pudo cobrar de tu billetera el importe de {amount} {symbol} por «{memo}» para {payee}, así que este periodo está vencido. Se volverá a intentar; también puedes pagarlo tú, antes del {due}, con un clic:\n{link}',
  },
  footer: {
    payee: 'Recibes esto porque pediste estos avisos a Billfold en {site}.',
    payer: 'Recibes esto porque dejaste esta dirección en una página de pago de Billfold en {site}.',
    unsubscribe: 'Rechazar para siempre todo correo de Billfold en {site}: {link}',
  },
  page: {
    confirmTitle: 'Confirma tu dirección',
    confirmButton: 'Confirmar {address}',
    confirmed: '{address} está confirmada: Billfold enviará allí los avisos que elegiste.',
    unsubscribeTitle: 'Rechazar todo correo',
    unsubscribeButton: 'No enviar nunca más correos a {address}',
    unsubscribed: '{address} no recibirá más correos de este Billfold, lo pida quien lo pida.',
    invalid: 'Este enlace no es válido o ha caducado.',
  },
}

export default es
