import type { PdfCatalog } from './en.ts'

const ja: PdfCatalog = {
  invoice: '請求書',
  number: '請求書番号',
  issued: '発行日',
  due: 'お支払期限',
  from: '請求元',
  billTo: '請求先',
  taxId: '登録番号',
  vatId: 'VAT番号',
  description: '品目',
  quantity: '数量',
  unitPrice: '単価',
  taxRate: '税率',
  amount: '金額',
  net: '小計',
  tax: '消費税 {rate}',
  total: '合計',
  notes: '備考',
  payOnline: 'オンライン支払い：コードを読み取るか次を開く',
  paid: '支払済',
  paidInFull: '全額支払済みです。お支払いいただく金額はありません。受領した支払いは下記のとおりです。',
  payments: 'オンチェーンで受領した支払い',
  transaction: 'トランザクション',
  block: 'ブロック',
  value: '金額換算',
  roundedPerLine: '消費税は明細ごとに端数処理しています。',
  roundedPerRate: '消費税は税率ごとの合計で端数処理しています。',
  signed: '売り手のウォレットがこの請求書の内容に署名しました。keccak-256 ハッシュ：',
  page: '{page} / {pages} ページ',
}

export default ja
