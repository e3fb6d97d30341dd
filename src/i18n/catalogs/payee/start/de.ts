import type { PayeeStartCatalog } from './en.ts'

const de: PayeeStartCatalog = {
  start: {
    heading: 'Krypto-Zahlungen anfordern, direkt aus einer Wallet bezahlt',
    lead: 'Erstellen Sie eine signierte Zahlungsanforderung, teilen Sie einen Link oder QR-Code und sehen Sie zu, wie sie auf der Chain bezahlt wird. Keine Verwahrung, keine Gebühren, kein Mittelsmann.',
    connect: 'Wallet verbinden und loslegen',
    thenSignIn: 'Dann anmelden: eine Signatur in Ihrer Wallet, ohne Transaktion und ohne Gebühr.',
    howTitle: 'So funktioniert es',
    howConnect: 'Verbinden Sie Ihre Wallet und melden Sie sich an.',
    howCreate:
      'Erstellen Sie eine Anforderung: Betrag, Token, Fälligkeit. Ihre Wallet signiert sie, sodass Zahler prüfen können, dass sie wirklich von Ihnen kommt.',
    howShare:
      'Teilen Sie den Link oder QR-Code. Die Seite zeigt von selbst „bezahlt“, sobald die Zahlung auf der Chain ist; das Geld geht direkt an Ihre Adresse.',
    needTitle: 'Was Sie brauchen',
    needText:
      'Eine Browser-Wallet wie MetaMask, Rabby oder Coinbase Wallet oder eine mobile Wallet über den QR-Code im Verbindungsdialog. Zahler brauchen hier kein Konto: Sie zahlen aus ihrer eigenen Wallet oder aus jeder Wallet oder Börse, indem sie genau den angezeigten Betrag senden.',
    tryTitle: 'Mit Testgeld ausprobieren',
    tryText:
      'Anforderungen können hier {network} nutzen, ein Testnetz, dessen Coins keinen Wert haben: Verbinden Sie eine Wallet mit Testguthaben und probieren Sie jeden Schritt kostenlos aus, auch das Bezahlen.',
  },
  signIn: {
    title: 'Melden Sie sich an, um Ihre Anforderungen zu sehen',
    explain:
      'Ihre Wallet bittet Sie, eine Nachricht zu signieren, die beweist, dass dieses Konto Ihnen gehört. Das ist kostenlos: keine Transaktion, es wird nichts gesendet.',
    switchNetwork: ' Wechseln Sie zuerst in Ihrer Wallet zu einem Netzwerk, das dieses Billfold annimmt.',
    checkWallet: 'Bitte in der Wallet bestätigen…',
    sign: 'Nachricht signieren',
  },
}

export default de
