import type { RelayersCatalog } from './en.ts'

const de: RelayersCatalog = {
  'payee/relayers/panel': {
    title: 'Zahlungen ohne Gas',
    intro:
      'Wer USDC oder EURC besitzt, aber keine Coins für die Netzwerkgebühr, kann allein mit einer Signatur bezahlen: Ihr Relayer, ein Schlüssel, den Billfold auf jeder Chain für Sie verwahrt, sendet die Zahlung und zahlt die Gebühr aus dem kleinen Guthaben, mit dem Sie ihn aufladen. Die Zahlung geht trotzdem direkt an Ihre Adresse.',
    chainFallback: 'Netzwerk {id}',
    csv: 'Alle Relays mit ihrer Gebühr herunterladen (CSV)',
    tableLabel: 'Relays und Abhebungen',
    when: 'Wann',
    what: 'Was',
    state: 'Zustand',
    fee: 'Gebühr',
    withdrawal: 'Abhebung von {amount}',
    payment: 'Zahlung der Anforderung {id}',
    waiting: 'Wartet',
    signed: 'Signiert',
    sent: 'Gesendet',
    mined: 'Bestätigt',
    reverted: 'Zurückgesetzt',
    expired: 'Abgelaufen',
  },
  'payee/relayers/card': {
    label: 'Relayer auf {chain}',
    address: 'Adresse des Relayers',
    copyAddress: 'Adresse kopieren',
    balance: 'Guthaben',
    balanceRelays: '{amount} (etwa {count} Zahlungen bei der heutigen Gebühr)',
    low: 'Guthaben wird knapp: weniger als 20 Zahlungen an Gebühren übrig. Laden Sie ein wenig {symbol} auf.',
    enable: 'Zahlungen ohne Gas auf {chain} erlauben',
    savedOn: 'Gespeichert: Zahlende können auf {chain} ohne Gas bezahlen.',
    savedOff: 'Gespeichert: Zahlende auf {chain} zahlen ihre Netzwerkgebühr selbst.',
    fundWith: 'Aufladen mit ({symbol})',
    typeAmount: 'Geben Sie einen Betrag in {symbol} ein, z. B. {example}.',
    confirm: 'Im Wallet bestätigen…',
    fund: 'Aus meinem Wallet aufladen',
    capLabel: 'Gebührenobergrenze auf {chain}',
    cap: 'Höchste Gebühr je Zahlung ({symbol}; leer: keine Grenze)',
    saveCap: 'Obergrenze speichern',
    withdraw: 'An meine Adresse abheben',
    withdrawing: '{amount} werden an Ihre Adresse abgehoben.',
  },
  'payee/relayers/safety': {
    pausedSince:
      'Zahlungen ohne Gas sind seit {date} pausiert: {reason}. Zahlenden wird solange der normale Zahlungsweg angeboten.',
    resume: 'Zahlungen ohne Gas fortsetzen',
    budgetLabel: 'Fehlerbudget auf {chain}',
    budget: 'Fehlgeschlagene Relays pro Stunde bis zur Pause',
    budgetError: 'Geben Sie eine ganze Zahl von 1 bis 100 ein.',
    saveBudget: 'Budget speichern',
    wasted: 'Für fehlgeschlagene Relays ausgegeben',
    wastedDetail: '{amount} (zurückgesetzte Relays und aufgefüllte Nonces abgelaufener Relays)',
  },
  'payee/relayers/notice': {
    paused: 'Zahlungen ohne Gas sind auf {chain} pausiert: {reason}. {link}.',
    pausedLink: 'Ansehen und fortsetzen',
    low: 'Ihr Relayer auf {chain} hat noch {amount}: weniger als 20 Zahlungen ohne Gas. {link}.',
    lowLink: 'Aufladen',
    chainFallback: 'Netzwerk {id}',
  },
}

export default de
