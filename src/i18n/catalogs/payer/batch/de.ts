import type { BatchCatalog } from './en.ts'

const de: BatchCatalog = {
  'payer/batch/page': {
    title: 'Mehrere Anforderungen bezahlen',
    intro:
      'Die Anforderungen, die Sie in diesem Browser geöffnet haben und die noch offen sind. Wählen Sie die zu zahlenden: Ihr Wallet fragt einmal, und jede Anforderung erhält ihre eigene Zahlung.',
    none: 'In diesem Browser wurde keine offene Anforderung geöffnet. Öffnen Sie den Link jeder Anforderung einmal und kommen Sie dann hierher zurück.',
    choose: 'Zu zahlende Anforderungen',
    request: '{amount} an {payee}',
    dueOf: 'noch {due} von {amount}',
    oneNetwork: 'Wählen Sie Anforderungen in einem Netzwerk: Eine Bestätigung zahlt in einem Netzwerk.',
    total: 'Gesamt: {total} ({count} Anforderungen auf {chain})',
    pay: '{count} Anforderungen mit einer Bestätigung bezahlen',
    paying: 'Bestätigen Sie in Ihrem Wallet…',
    loading: 'Ihre Anforderungen werden geladen…',
    nonePaidBalance:
      'Keine der {count} Anforderungen wurde bezahlt, alle sind weiter offen: Ihr {symbol}-Guthaben ({balance}) ist kleiner als ihre Summe ({total}).',
    nonePaidReverted:
      'Keine der {count} Anforderungen wurde bezahlt, alle sind weiter offen: Das Netzwerk hat den ganzen Stapel rückgängig gemacht, weil eine seiner Zahlungen fehlschlug (nur die Netzwerkgebühr wurde verbraucht).',
    nonePaidFailed:
      'Keine der {count} Anforderungen wurde bezahlt, alle sind weiter offen: Ihre Wallet konnte den Stapel nicht senden.',
    listIntro:
      'Die offenen Anforderungen, die {payee} für {payer} erstellt hat. Wählen Sie die zu bezahlenden: Ihre Wallet fragt einmal, und jede Anforderung erhält ihre eigene Zahlung.',
    listNone: 'Auf dieser Liste ist nichts mehr zu bezahlen.',
    listOtherAccount:
      'Diese Anforderungen gelten für {payer}: Nur Zahlungen von diesem Konto zählen. Wechseln Sie in Ihrer Wallet zu diesem Konto.',
  },
  'payer/batch/receipt': {
    title: 'Beleg',
    intro:
      'Mit einer Bestätigung gesendet. Jede Anforderung erscheint als bezahlt, sobald ihre Zahlung auf der Chain ist.',
    request: 'Anforderung',
    amount: 'Betrag',
    status: 'Stand',
    transaction: 'Transaktion',
    view: 'Beleg dieser Anforderung',
  },
}

export default de
