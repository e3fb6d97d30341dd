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
}

export default es
