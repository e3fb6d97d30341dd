import type { MoneyFieldCatalog } from './en.ts'

const fr: MoneyFieldCatalog = {
  understood: 'Compris comme {amount}',
  required: 'Saisissez un montant.',
  exponent: 'Écrivez le montant en entier, sans exposant\u202f: 1000000, et non 1e6.',
  notPositive: 'Le montant doit être supérieur à zéro.',
  notNumber: 'Saisissez un nombre, par exemple {plain} ou {example}.',
  tooManyDecimals: '{symbol} accepte au plus {decimals} décimales.',
  wholeNumber: '{symbol} se compte en unités entières\u202f: retirez les décimales.',
  tooLarge: 'Ce montant est trop élevé.',
  ambiguous:
    '«\u202f{typed}\u202f» peut signifier {large} ou {small}\u202f: saisissez {large} ou {small}, selon ce que vous voulez dire.',
  misplacedSeparator: 'Un séparateur est mal placé\u202f: écrivez {plain} ou {example}.',
  otherAsset: 'Ce montant est en {symbol}\u202f: retirez «\u202f{label}\u202f».',
}

export default { field: fr }
