import type { PayeeCreateCatalog } from './en.ts'

const de: PayeeCreateCatalog = {
  form: {
    due: 'Fällig',
    duePresets: 'Schnellauswahl für das Fälligkeitsdatum',
    sameAmount:
      'Eine andere offene Anforderung von Ihnen verlangt denselben Betrag. Direkte Überweisungen (von einer Börse oder aus einer Wallet, die einen QR-Code scannt) können beide nicht unterscheiden; fügen Sie einen Cent hinzu oder bitten Sie Zahler, den Wallet-Link zu nutzen.',
  },
}

export default de
