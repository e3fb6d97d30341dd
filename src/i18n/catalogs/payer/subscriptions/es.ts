import type { PayerSubscriptionsCatalog } from './en.ts'

const es: PayerSubscriptionsCatalog = {
  'payer/subscriptions/words': {
    week: 'semana',
    month: 'mes (30 días)',
    year: 'año (365 días)',
    active: 'Activa',
    past_due: 'Vencida',
    paused: 'En pausa',
    cancelled_by_payer: 'Cancelada por el pagador',
    cancelled_by_payee: 'Cancelada por el cobrador',
    ended: 'Terminada',
    due: 'Pendiente',
    charging: 'Cobrando',
    sent: 'Enviado',
    paid: 'Pagado',
    given_up: 'Impagado',
    cancelled: 'Cancelado',
  },
  'payer/subscriptions/plan': {
    title: 'Suscribirse',
    loading: 'Cargando el plan…',
    each: '{amount} cada {period}',
    trial: 'Gratis durante {days} días: el primer cobro es el {date}.',
    firstNow: 'El primer periodo se cobra en cuanto te suscribes.',
    periodsOne: 'Durante {count} periodo.',
    periodsOther: 'Durante {count} periodos.',
    endsOn: 'Hasta el {date}.',
    untilCancelled: 'Hasta que canceles.',
    permission:
      'Tu billetera te pedirá una sola vez un permiso que la cadena hace cumplir: como máximo {amount} cada {period}, solo para {payee}, hasta el {date}. Billfold nunca guarda tu dinero y puedes cancelar cuando quieras.',
    permissionPermit2:
      'Tu billetera te pedirá una sola vez una autorización Permit2 que la cadena hace cumplir: como máximo {total} en total, cobrado solo por el cobrador de {payee}, hasta el {date}. Limita el total, no cada período: lee el aviso de abajo antes de firmar. Billfold nunca guarda tu dinero y puedes cancelar cuando quieras.',
    permissionEither:
      'Tu billetera te pedirá una sola vez un permiso que la cadena hace cumplir, hasta el {date}: con un permiso periódico, como máximo {amount} cada {period}, solo para {payee}; con una autorización Permit2, como máximo {total} en total, solo por el cobrador de {payee}. Billfold nunca guarda tu dinero y puedes cancelar cuando quieras.',
    connectPrompt: 'Conecta la billetera con la que vas a pagar.',
    wrongNetwork: 'Cambia tu billetera a {chain} para suscribirte.',
    checking: 'Comprobando qué puede conceder tu billetera…',
    unsupported:
      'Tu monedero no puede conceder un permiso periódico (ERC-7715) y Permit2 no está en esta cadena, así que este plan no puede cobrarse solo desde él. En su lugar puedes pagar cada periodo a mano: la solicitud de cada periodo te llega y la pagas en su página.',
    offers: 'Tu monedero puede pagar este plan de estas formas, la más segura primero:',
    erc7715:
      'Permiso periódico (ERC-7715): la cadena deja cobrar como máximo {amount} cada {period}, solo a {payee}, hasta el {date}.',
    permit2:
      'Autorización Permit2: la cadena deja cobrar como máximo {total} en total, solo al cobrador de {payee}, hasta el {date}.',
    permit2Total:
      'Antes de firmar: una autorización Permit2 limita el total, no cada periodo. La cadena deja cobrar hasta {total} hasta el {date}; que se cobre como máximo {amount} cada {period} lo garantiza Billfold, no la cadena. Si Billfold llegara a verse comprometido, podría cobrarse de una vez hasta la totalidad de {total}. Puedes cancelar en cualquier momento.',
    byHand:
      'O paga cada periodo a mano: no se concede nada; la solicitud de cada periodo te llega (por correo si dejas tu dirección) y la pagas tú.',
    byHandButton: 'Pagar cada periodo a mano',
    subscribePermit2: 'Suscribirme con Permit2: hasta {total} en total',
    email: 'Tu correo (opcional)',
    emailHint: 'Para un recibo de cada cobro y un aviso si alguno falla.',
    subscribe: 'Suscribirse: {amount} cada {period}',
    confirming: 'Confirma en tu billetera…',
    started: 'Suscrito. Abriendo tu suscripción…',
  },
  'payer/subscriptions/page': {
    title: 'Tu suscripción',
    loading: 'Cargando tu suscripción…',
    each: '{amount} cada {period}',
    state: 'Estado',
    next: 'Próximo cobro',
    payee: 'Para',
    keepLink: 'Guarda el enlace de esta página: aquí ves y cancelas esta suscripción.',
    pastDue: 'No se pudo cobrar un periodo. Se intentará de nuevo el {date}; puedes pagarlo a mano ahora.',
    payByHand: 'Pagar el periodo {period} a mano',
    charges: 'Cobros',
    period: 'Periodo',
    starts: 'Empieza',
    amount: 'Importe',
    transaction: 'Transacción',
    receipt: 'Recibo',
    seeReceipt: 'Recibo del periodo {period}',
    noCharges: 'Todavía no hay cobros.',
    cancel: 'Cancelar la suscripción',
    cancelHint: 'Tu billetera revoca el permiso en la cadena; después no se puede cobrar nada más.',
    cancelling: 'Confirma en tu billetera…',
    onlyPayer: 'Conecta la billetera que se suscribió ({payer}) para cancelar.',
    cancelled: 'Cancelada: no se puede cobrar nada más.',
  },
  'payer/subscriptions/reasons': {
    balance_too_low: 'El saldo del pagador era insuficiente para este cobro.',
    permission_revoked: 'El pagador revocó el permiso.',
    permission_expired: 'El permiso ha terminado.',
    permission_not_started: 'El permiso aún no ha empezado.',
    account_not_upgraded:
      'La cuenta del pagador ya no ejecuta el código de cuenta inteligente que necesita el permiso.',
    over_period_amount: 'El importe supera lo que el permiso permite por periodo.',
    period_spent: 'La asignación de este periodo ya está gastada.',
    allowance_spent: 'Lo que queda del total de la autorización de Permit2 es menor que este cobro.',
    token_approval_low: 'La aprobación del token del pagador para Permit2 es menor que este cobro.',
    would_revert: 'La cadena rechazaría el cobro.',
    above_cap: 'El importe del plan, {amount}, supera los {cap} que el permiso permite por periodo.',
    quote_above_cap:
      'El precio del plan al tipo de este periodo, {amount}, supera los {cap} que el permiso permite por periodo (el tipo del momento en que se concedió, más la tolerancia del plan).',
    relayer_unavailable: 'El relayer del beneficiario no pudo enviar el cobro.',
    transaction_failed: 'La transacción del cobro falló en la cadena.',
    send_failed: 'No se pudo enviar el cobro.',
    details: 'Detalles (en inglés): {details}',
    grantAgain:
      'Tu permiso permite como máximo {cap} por periodo, menos de lo que el plan pide ahora. Paga este periodo a mano, o cancela abajo y vuelve a empezar el plan desde su enlace: tu billetera te pedirá entonces un permiso por el nuevo importe.',
    planLink: 'Abrir el enlace del plan',
  },
}

export default es
