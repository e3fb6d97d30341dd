import type { BooksCatalog } from './en.ts'

const ja: BooksCatalog = {
  'payee/books/currency': {
    title: '帳簿',
    intro:
      '受け取った支払いはすべて、チェーンの Chainlink 価格フィードにより、そのブロック時点のこの通貨で評価されます。ダッシュボードの明細書に月ごとに一覧表示され、そのまま会計担当者に渡せます。',
    currency: '帳簿の通貨',
    choose: '選択してください…',
    saved: '保存しました。帳簿は {currency} で記録されます。',
  },
  'payee/books/statement': {
    title: '月次明細書',
    month: '月',
    csv: 'CSV をダウンロード',
    print: '印刷または PDF で保存',
    chooseCurrency: '設定で帳簿の通貨を選んでください。',
    caption:
      '{month} に受け取った支払い（ブロック時点の {currency} で評価）。返金は、その請求が支払われた時のレートで評価',
    date: '日時',
    request: '請求',
    amount: '金額',
    rate: 'レート',
    value: '評価額',
    transaction: 'トランザクション',
    refund: '（返金）',
    beingValued: '評価中',
    total: '合計',
    totalUnvalued: '合計（{count} 件評価中）',
  },
}

export default ja
