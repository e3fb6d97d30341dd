import type { MoneyFieldCatalog } from './en.ts'

const es: MoneyFieldCatalog = {
  understood: 'Se entiende como {amount}',
  required: 'Introduce un importe.',
  exponent: 'Escribe el importe completo, sin exponente: 1000000, no 1e6.',
  notPositive: 'El importe debe ser mayor que cero.',
  notNumber: 'Introduce un número, como {plain} o {example}.',
  tooManyDecimals: '{symbol} admite como máximo {decimals} decimales.',
  wholeNumber: '{symbol} se cuenta en unidades enteras: quita los decimales.',
  tooLarge: 'Ese importe es demasiado grande.',
  ambiguous: '«{typed}» puede significar {large} o {small}: escribe {large} o {small}, según lo que quieras decir.',
  misplacedSeparator: 'Hay un separador fuera de lugar: escríbelo como {plain} o {example}.',
  otherAsset: 'Este importe es en {symbol}: quita «{label}».',
}

export default { field: es }
