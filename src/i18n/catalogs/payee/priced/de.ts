import type { PricedCatalog } from './en.ts'

const de: PricedCatalog = {
  'payee/priced/form': {
    title: 'Neue Anforderung mit Preis in einer Währung',
    intro:
      'Die zahlende Person wählt einen der Token, die Sie akzeptieren, und zahlt zu einem Kurs aus den Chainlink-Preisfeeds der Chain, der einige Minuten gilt und mit einem Schlüssel signiert ist, den Ihr Wallet einmal freigibt.',
    chain: 'Netzwerk',
    testNetwork: '{name} (Testnetz)',
    currency: 'Währung',
    price: 'Preis',
    priceRequired: 'Geben Sie den Preis ein.',
    tolerance: 'Toleranz in % (optional, höchstens {max}): Eine Zahlung, die so nah am Preis liegt, gilt als bezahlt',
    signing: 'Bitte im Wallet signieren…',
    submit: 'Signieren und Anforderung erstellen',
  },
  'payee/priced/tokens': {
    legend: 'Token, in denen gezahlt werden darf',
  },
}

export default de
