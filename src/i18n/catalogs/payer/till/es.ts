import type { TillLinkCatalog } from './en.ts'

const es: TillLinkCatalog = {
  'payer/till/link': {
    title: 'Pagar en caja',
    opening: 'Abriendo la venta…',
    waiting: 'Todavía no hay ninguna venta esperando en esta caja: esta página la abre en cuanto el cajero la cobre.',
    notFound: 'Esta caja no existe o está cerrada.',
  },
}

export default es
