import type { PayeeCreateCatalog } from './en.ts'

const de: PayeeCreateCatalog = {
  form: {
    documentTitle: 'Neue Anforderung',
    title: 'Neue Zahlungsanforderung',
    kind: 'Worin die Anforderung bemessen ist',
    kindToken: 'In einem Token (USDC, ETH…)',
    kindCurrency: 'In einer Währung (EUR, USD…)',
    chain: 'Netzwerk',
    testNetwork: '{name} (Testnetz)',
    alsoPayableOn: 'Auch zahlbar in {symbol} auf (Teilzahlungen auf zwei Chains werden addiert)',
    asset: 'Token',
    amount: 'Betrag',
    payer: 'Zahler (optional): nur Zahlungen von dieser Adresse zählen',
    memo: 'Verwendungszweck ({used}/{max})',
    in7Days: 'In 7 Tagen',
    in30Days: 'In 30 Tagen',
    endOfMonth: 'Monatsende',
    signing: 'Bitte im Wallet signieren…',
    submit: 'Signieren und Anforderung erstellen',
    due: 'Fällig',
    duePresets: 'Schnellauswahl für das Fälligkeitsdatum',
    sameAmount:
      'Eine andere offene Anforderung von Ihnen verlangt denselben Betrag. Direkte Überweisungen (von einer Börse oder aus einer Wallet, die einen QR-Code scannt) können beide nicht unterscheiden; fügen Sie einen Cent hinzu oder bitten Sie Zahler, den Wallet-Link zu nutzen.',
  },
}

export default de
