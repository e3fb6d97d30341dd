/**
 * What the money field says, in English: how a typed amount was read, and one sentence for each way
 * an amount can be refused (AmountError's `problem`), filled with its `values`, the field's
 * `symbol` and the reader's locale's way of writing numbers (`plain` 1000.50, `example` 1,000.50).
 */
const en = {
  understood: 'Understood as {amount}',
  required: 'Enter an amount.',
  exponent: 'Write the amount out in full, without an exponent: 1000000, not 1e6.',
  notPositive: 'The amount must be more than zero.',
  notNumber: 'Enter a number, such as {plain} or {example}.',
  tooManyDecimals: '{symbol} has at most {decimals} decimal places.',
  wholeNumber: '{symbol} is counted in whole units: leave out the decimals.',
  tooLarge: 'That amount is too large.',
  ambiguous: '“{typed}” could mean {large} or {small}: type {large} or {small}, whichever you mean.',
  misplacedSeparator: 'A separator is in the wrong place: write it as {plain} or {example}.',
  otherAsset: 'This amount is in {symbol}: leave out “{label}”.',
}

export type MoneyFieldCatalog = typeof en
export default { field: en }
