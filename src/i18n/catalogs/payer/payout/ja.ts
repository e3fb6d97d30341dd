import type { PayoutReceiptCatalog } from './en.ts'

const ja: PayoutReceiptCatalog = {
  'payer/payout/receipt': {
    title: '支払いの領収書',
    loading: '領収書を読み込んでいます…',
    notPaid:
      'この支払いは準備済みですが、まだ支払われていません。送金がチェーン上で確認されると、ここに支払済みと表示されます。',
    amount: '金額',
    from: '支払者',
    to: '受取人',
    on: '支払日時',
    chain: 'ネットワーク',
    note: 'メモ',
    transaction: 'トランザクション',
    reference: '参照番号',
    print: '印刷または PDF で保存',
  },
}

export default ja
