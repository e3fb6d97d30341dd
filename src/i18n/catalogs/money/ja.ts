import type { MoneyFieldCatalog } from './en.ts'

const ja: MoneyFieldCatalog = {
  understood: '{amount} と読み取りました',
  required: '金額を入力してください。',
  exponent: '金額は指数を使わずに書いてください（1e6 ではなく 1000000）。',
  notPositive: '金額は 0 より大きくしてください。',
  notNumber: '{plain} や {example} のように数字で入力してください。',
  tooManyDecimals: '{symbol} の小数点以下は {decimals} 桁までです。',
  wholeNumber: '{symbol} は整数単位で数えます。小数点以下を消してください。',
  tooLarge: '金額が大きすぎます。',
  ambiguous:
    '「{typed}」は {large} とも {small} とも読めます。意図する方の {large} または {small} を入力してください。',
  misplacedSeparator: '区切り文字の位置が正しくありません。{plain} または {example} と書いてください。',
  otherAsset: 'この金額の単位は {symbol} です。「{label}」を消してください。',
}

export default { field: ja }
