import type { PayeeCreateCatalog } from './en.ts'

const es: PayeeCreateCatalog = {
  form: {
    due: 'Vence',
    duePresets: 'Vencimientos rápidos',
    sameAmount:
      'Otra solicitud abierta suya pide este mismo importe. Las transferencias directas (desde un exchange, o desde una wallet que escanea un código QR) no podrían distinguirlas; añada un céntimo o pida a quien paga que use el enlace de wallet.',
  },
}

export default es
