import type { PayeeSettingsCatalog } from './en.ts'

const es: PayeeSettingsCatalog = {
  page: {
    title: 'Ajustes',
    sessions: 'Sesiones',
  },
  profile: {
    title: 'Su nombre para quien paga',
    hint: 'Se muestra en sus páginas de pago y recibos junto a su dirección, indicado como el nombre que usted se da.',
    displayName: 'Nombre visible',
    website: 'Sitio web (opcional)',
    saving: 'Guardando…',
    save: 'Guardar',
    saved: 'Guardado.',
  },
  email: {
    title: 'Correo electrónico',
    off: 'El correo está desactivado en este Billfold: quien lo administra aún no ha conectado un servidor de correo. Cuando lo haga, podrá confirmar aquí una dirección y recibir los avisos que elija (una solicitud pagada o vencida, un reembolso confirmado, un webhook que falla, un relayer con pocos fondos), y los pagadores podrán recibir sus recibos y sus solicitudes periódicas por correo.',
    notices: 'Avisos por correo',
    address: 'Dirección',
    language: 'Idioma',
    tellMe: 'Avisarme cuando',
    confirmed: '{address} está confirmada.',
    linkSent: 'Se envió un enlace de confirmación a {address}: no se enviará nada más allí hasta que se abra.',
    saving: 'Guardando…',
    save: 'Guardar ajustes de correo',
  },
  notices: {
    paid: 'se pague una solicitud',
    partially_paid: 'se pague una solicitud en parte',
    overpaid: 'se pague una solicitud por encima de lo pedido',
    expired: 'una solicitud venza sin pagar',
    unmatched: 'una transferencia no corresponda a ninguna solicitud',
    refunded: 'se confirme un reembolso en la cadena',
    webhook_failing: 'un endpoint de webhook lleve una hora fallando',
    relayer_low: 'a un relayer le quede poco saldo',
    relayer_paused: 'un relayer suspenda los pagos sin gas (demasiados envíos fallidos)',
  },
}

export default es
