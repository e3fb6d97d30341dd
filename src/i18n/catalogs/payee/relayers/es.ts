import type { RelayersCatalog } from './en.ts'

const es: RelayersCatalog = {
  'payee/relayers/panel': {
    title: 'Pagos sin gas',
    intro:
      'Quien tiene USDC o EURC pero ninguna moneda para la comisión de red puede pagar solo con una firma: tu relayer, una clave que Billfold guarda para ti en cada cadena, envía el pago y paga su comisión con el poco saldo que le cargues. El pago sigue llegando directamente a tu dirección.',
    chainFallback: 'Red {id}',
    csv: 'Descargar cada relay con su comisión (CSV)',
    tableLabel: 'Relays y retiradas',
    when: 'Cuándo',
    what: 'Qué',
    state: 'Estado',
    fee: 'Comisión',
    withdrawal: 'Retirada de {amount}',
    payment: 'Pago de la solicitud {id}',
    waiting: 'En espera',
    signed: 'Firmado',
    sent: 'Enviado',
    mined: 'Confirmado',
    reverted: 'Revertido',
    expired: 'Caducado',
  },
  'payee/relayers/card': {
    label: 'Relayer en {chain}',
    address: 'Dirección del relayer',
    copyAddress: 'Copiar la dirección',
    balance: 'Saldo',
    balanceRelays: '{amount} (unos {count} pagos con la comisión de hoy)',
    low: 'Queda poco: comisiones para menos de 20 pagos. Cárgale un poco de {symbol}.',
    enable: 'Permitir pagar sin gas en {chain}',
    savedOn: 'Guardado: en {chain} se puede pagar sin gas.',
    savedOff: 'Guardado: en {chain} cada quien paga su propia comisión de red.',
    fundWith: 'Cargar con ({symbol})',
    typeAmount: 'Escribe un importe en {symbol}, p. ej. {example}.',
    confirm: 'Confirma en tu billetera…',
    fund: 'Cargar desde mi billetera',
    capLabel: 'Comisión máxima en {chain}',
    cap: 'Comisión máxima por pago ({symbol}; vacío: sin límite)',
    saveCap: 'Guardar el límite',
    withdraw: 'Retirar a mi dirección',
    withdrawing: 'Retirando {amount} a tu dirección.',
  },
  'payee/relayers/safety': {
    pausedSince:
      'Los pagos sin gas están en pausa desde el {date}: {reason}. Mientras tanto se ofrece la forma normal de pagar.',
    resume: 'Reanudar los pagos sin gas',
    budgetLabel: 'Margen de fallos en {chain}',
    budget: 'Relays fallidos por hora antes de pausar',
    budgetError: 'Escribe un número entero entre 1 y 100.',
    saveBudget: 'Guardar el margen',
    wasted: 'Gastado en relays fallidos',
    wastedDetail: '{amount} (relays revertidos y nonces de relays caducados rellenados)',
  },
  'payee/relayers/notice': {
    paused: 'Los pagos sin gas están en pausa en {chain}: {reason}. {link}.',
    pausedLink: 'Revisar y reanudar',
    low: 'Tu relayer en {chain} tiene {amount}: menos de 20 pagos sin gas. {link}.',
    lowLink: 'Cargarlo',
    chainFallback: 'la red {id}',
  },
}

export default es
