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
  email: {
    title: 'E-Mail',
    off: 'E-Mail ist auf diesem Billfold aus: Wer es betreibt, hat noch keinen Mailserver angebunden. Sobald das geschieht, können Sie hier eine Adresse bestätigen und die Hinweise erhalten, die Sie wählen (eine Anforderung bezahlt oder abgelaufen, eine Erstattung bestätigt, ein Webhook schlägt fehl, ein Relayer wird knapp), und Zahlende erhalten ihre Belege und Ihre wiederkehrenden Anforderungen per E-Mail.',
    notices: 'E-Mail-Hinweise',
    address: 'Adresse',
    language: 'Sprache',
    tellMe: 'Benachrichtigen, wenn',
    confirmed: '{address} ist bestätigt.',
    linkSent: 'Ein Bestätigungslink wurde an {address} gesendet: Bis er geöffnet wird, geht nichts anderes dorthin.',
    saving: 'Wird gespeichert…',
    save: 'E-Mail-Einstellungen speichern',
  },
  notices: {
    paid: 'eine Anforderung bezahlt ist',
    partially_paid: 'eine Anforderung teilweise bezahlt ist',
    overpaid: 'eine Anforderung mit mehr als verlangt bezahlt ist',
    expired: 'eine Anforderung unbezahlt abläuft',
    unmatched: 'eine Überweisung zu keiner Anforderung passt',
    refunded: 'eine Erstattung auf der Chain bestätigt ist',
    webhook_failing: 'ein Webhook-Endpunkt seit einer Stunde fehlschlägt',
    relayer_low: 'ein Relayer knapp wird',
    relayer_paused: 'ein Relayer Zahlungen ohne Gas aussetzt (zu viele fehlgeschlagene Relays)',
  },
}

export default de
