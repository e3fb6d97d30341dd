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
}

export default es
