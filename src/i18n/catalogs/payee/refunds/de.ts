import type { RefundsCatalog } from './en.ts'

const de: RefundsCatalog = {
  'payee/refunds/panel': {
    title: 'Erstattungen',
    intro:
      'Senden Sie Geld aus Ihrem eigenen Wallet zurück: alles, einen Teil oder das, was über den angeforderten Betrag hinaus gezahlt wurde. Billfold verbucht die Erstattung, sobald sie auf der Chain zu sehen ist.',
    line: '{amount} an {address}, {date}:',
    awaiting_transfer: 'Wartet auf die Überweisung aus Ihrem Wallet',
    awaitingOwner: 'Vorbereitet: Das Wallet des Inhabers sendet sie',
    refunded: 'Erstattet',
    cancelled: 'Storniert',
    expired: 'Abgelaufen (nie gesendet)',
    send: 'Aus meiner Wallet senden',
    sentWaiting: 'Aus Ihrem Wallet gesendet; sie erscheint als erstattet, sobald die Blockchain sie enthält:',
  },
  'payee/refunds/dialog': {
    open: 'Erstatten…',
    title: 'Diese Anforderung erstatten',
    description:
      'Ihr Wallet sendet die Erstattung; Billfold verwahrt nie Ihr Geld. Bis zu {amount} können erstattet werden.',
    sent: 'Erstattung gesendet.',
    sentDetail: 'Sie erscheint als erstattet, sobald sie auf der Chain ist.',
    prepared: 'Vorbereitet.',
    preparedDetail: 'Die Wallet des Unternehmens sendet sie: Der Inhaber findet sie auf dieser Seite.',
    close: 'Schließen',
    howMuch: 'Wie viel',
    all: 'Alles, was erstattet werden kann: {amount}',
    excess: 'Was über den angeforderten Betrag hinaus gezahlt wurde: {amount}',
    other: 'Ein anderer Betrag',
    amount: 'Betrag ({symbol})',
    to: 'Erstatten an',
    toHint:
      'Die Adresse, von der gezahlt wurde. Ändern Sie sie, wenn die zahlende Person von einer Börse aus gezahlt und Ihnen eine andere Adresse genannt hat.',
    chainFallback: 'Netzwerk {id}',
    chain: 'Erstatten auf',
    chainHint: 'Sie geht auf dem Netzwerk zurück, auf dem der Empfänger gezahlt hat.',
    confirm: 'Im Wallet bestätigen…',
    preparing: 'Wird vorbereitet…',
    submit: '{amount} erstatten',
  },
}

export default de
