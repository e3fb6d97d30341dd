import type { MoneyFieldCatalog } from './en.ts'

const ptBR: MoneyFieldCatalog = {
  understood: 'Entendido como {amount}',
  required: 'Informe um valor.',
  exponent: 'Escreva o valor por extenso, sem expoente: 1000000, não 1e6.',
  notPositive: 'O valor deve ser maior que zero.',
  notNumber: 'Informe um número, como {plain} ou {example}.',
  tooManyDecimals: '{symbol} aceita no máximo {decimals} casas decimais.',
  wholeNumber: '{symbol} é contado em unidades inteiras: tire as casas decimais.',
  tooLarge: 'Esse valor é grande demais.',
  ambiguous: '“{typed}” pode significar {large} ou {small}: digite {large} ou {small}, conforme o que você quer dizer.',
  misplacedSeparator: 'Há um separador fora do lugar: escreva {plain} ou {example}.',
  otherAsset: 'Este valor é em {symbol}: tire “{label}”.',
}

export default { field: ptBR }
