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
  'payee/books/export': {
    title: '会計ソフト向けエクスポート',
    intro:
      'DATEV、Xero、QuickBooks Online がそのまま取り込めるファイルです。支払い、返金、リレイヤー手数料をそれぞれ 1 行にし、ブロック時点の帳簿通貨で評価し、トークン数量とレートの出典を添えます。',
    format: 'ファイル',
    datev: 'DATEV – 仕訳バッチ（EXTF）',
    xeroStatement: 'Xero – 銀行明細',
    xeroInvoices: 'Xero – 売上請求書',
    quickbooksStatement: 'QuickBooks Online – 銀行取引',
    quickbooksInvoices: 'QuickBooks Online – 請求書',
    from: '開始日',
    to: '終了日',
    download: 'ダウンロード',
    datevHint: 'DATEV ファイルは設定の勘定科目表と番号で仕訳されます。',
  },
  'payee/books/accounting': {
    title: 'DATEV エクスポート',
    intro:
      'DATEV エクスポートの仕訳に使う勘定科目表と番号です。顧問番号と顧客番号は税理士に確認してください。空欄の勘定は科目表の既定のものになります。',
    chart: '勘定科目表',
    consultantNumber: '顧問番号',
    clientNumber: '顧客番号',
    fiscalYearStart: '会計年度の開始月',
    accountLength: '勘定番号の桁数',
    accounts: '勘定',
    clearing: '暗号資産の仮勘定',
    revenueStandard: '売上（税率 19 %）',
    revenueReduced: '売上（税率 7 %）',
    revenueTaxFree: '非課税売上',
    revenue: '請求書のない売上',
    fees: 'リレイヤー手数料',
    payouts: '第三者への一括送金',
    save: '保存',
    saved: '保存しました。',
  },
}

export default ja
