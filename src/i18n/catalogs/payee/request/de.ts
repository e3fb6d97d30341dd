import type { PayeeRequestCatalog } from './en.ts'

const de: PayeeRequestCatalog = {
  page: {
    titleFor: 'Anforderung über {amount}',
    title: 'Zahlungsanforderung',
    loading: 'Die Anforderung wird geladen…',
    chainFallback: 'Netzwerk {id}',
    share: 'Teilen',
    qrLabel: 'QR-Code des Zahlungslinks',
    payLink: 'Zahlungslink',
    copyLink: 'Link kopieren',
    linkCopied: 'Link kopiert',
    timeline: 'Verlauf',
    receipt: 'Beleg',
    invoicePdf: 'Rechnung {number} (PDF)',
    payerListHint:
      'Alle Ihre offenen Anforderungen für {payer} in einem Link: Dort werden sie ausgewählt und mit einer Bestätigung bezahlt.',
    payerListMake: 'Link zu allen offenen Anforderungen erstellen',
    payerListLink: 'Link zu den offenen Anforderungen',
  },
  timeline: {
    created: 'Vom Zahlungsempfänger erstellt und signiert',
    receivedFrom: '{amount} von {from} erhalten',
    confirmationsOne: ', {count} Bestätigung',
    confirmationsOther: ', {count} Bestätigungen',
    matchedByAmount: ' · über den Betrag zugeordnet (eine direkte Überweisung)',
    assigned: ' · vom Zahlungsempfänger zugeordnet',
    paid: 'Vollständig bezahlt',
    paidLate: 'Vollständig bezahlt, nach dem Fälligkeitsdatum',
    expired: 'Abgelaufen: bis zum Fälligkeitsdatum ging nichts ein',
    cancelled: 'Vom Zahlungsempfänger storniert',
  },
  chains: {
    title: 'Auf jeder Chain erhalten',
    onChain: '{amount} auf {chain}',
    paymentsOne: '{count} Zahlung',
    paymentsOther: '{count} Zahlungen',
  },
  cancel: {
    button: 'Anforderung stornieren',
    title: 'Diese Anforderung stornieren?',
    explain:
      'Die Zahlungsseite zeigt allen, die den Link öffnen, dass sie storniert wurde. Das lässt sich nicht rückgängig machen; Sie können stattdessen eine neue Anforderung erstellen.',
    keep: 'Behalten',
    cancelling: 'Wird storniert…',
    confirm: 'Ja, stornieren',
  },
  back: {
    link: '← Ihre Anforderungen',
  },
}

export default de
