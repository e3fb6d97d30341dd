import type { MoneyFieldCatalog } from './en.ts'

const de: MoneyFieldCatalog = {
  understood: 'Verstanden als {amount}',
  required: 'Geben Sie einen Betrag ein.',
  exponent: 'Schreiben Sie den Betrag aus, ohne Exponent: 1000000, nicht 1e6.',
  notPositive: 'Der Betrag muss größer als null sein.',
  notNumber: 'Geben Sie eine Zahl ein, etwa {plain} oder {example}.',
  tooManyDecimals: '{symbol} hat höchstens {decimals} Nachkommastellen.',
  wholeNumber: '{symbol} wird in ganzen Einheiten gezählt: Lassen Sie die Nachkommastellen weg.',
  tooLarge: 'Dieser Betrag ist zu groß.',
  ambiguous:
    '„{typed}“ kann {large} oder {small} bedeuten: Geben Sie {large} oder {small} ein, je nachdem, was Sie meinen.',
  misplacedSeparator: 'Ein Trennzeichen steht an der falschen Stelle: Schreiben Sie {plain} oder {example}.',
  otherAsset: 'Dieser Betrag ist in {symbol}: Lassen Sie „{label}“ weg.',
}

export default { field: de }
