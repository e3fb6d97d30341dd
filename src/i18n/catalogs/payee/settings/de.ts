import type { PayeeSettingsCatalog } from './en.ts'

const de: PayeeSettingsCatalog = {
  page: {
    title: 'Einstellungen',
    sessions: 'Sitzungen',
  },
  profile: {
    title: 'Ihr Name für Zahler',
    hint: 'Erscheint auf Ihren Zahlungsseiten und Belegen neben Ihrer Adresse, gekennzeichnet als selbst gewählter Name.',
    displayName: 'Anzeigename',
    website: 'Website (optional)',
    saving: 'Wird gespeichert…',
    save: 'Speichern',
    saved: 'Gespeichert.',
  },
}

export default de
