import type { PayeeUnmatchedCatalog } from './en.ts'

const es: PayeeUnmatchedCatalog = {
  page: {
    title: 'Transferencias sin solicitud',
    hint: 'Llegaron a su dirección en un token que usted solicita, pero no llevan la referencia de ninguna solicitud y su importe no corresponde a una sola solicitud abierta. Asigne cada una a la solicitud que paga, o descártela si no es un pago para Billfold.',
    showDismissed: 'Mostrar transferencias descartadas',
    loading: 'Cargando…',
    noneDismissed: 'No hay transferencias descartadas.',
    nothingToReview: 'Nada que revisar: cada transferencia recibida paga una solicitud.',
    fromOn: '{amount} de {from} en {chain},',
    chainFallback: 'red {id}',
    older: 'Mostrar transferencias anteriores',
    restore: 'Restaurar',
    dismiss: 'Descartar',
  },
  assign: {
    open: 'Asignar a una solicitud…',
    title: 'Asignar {amount} a una solicitud',
    description:
      'La transferencia contará entonces como pago de esa solicitud, registrada como asignada por usted. Una transferencia paga una sola solicitud.',
    loading: 'Cargando sus solicitudes…',
    none: 'No tiene ninguna solicitud abierta en {symbol} en esta cadena.',
    request: 'Solicitud',
    choose: 'Elija una solicitud…',
    noMemo: 'sin nota',
    cancel: 'Cancelar',
    assigning: 'Asignando…',
    assign: 'Asignar',
  },
}

export default es
