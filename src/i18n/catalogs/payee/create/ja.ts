import type { PayeeCreateCatalog } from './en.ts'

const ja: PayeeCreateCatalog = {
  form: {
    documentTitle: '新しい請求',
    title: '新しい支払い請求',
    kind: '請求金額の単位',
    kindToken: 'トークンで（USDC、ETH など）',
    kindCurrency: '通貨で（EUR、USD など）',
    chain: 'ネットワーク',
    testNetwork: '{name}（テストネットワーク）',
    alsoPayableOn: '{symbol} で次のチェーンでも支払い可能（2つのチェーンでの分割払いは合算されます）',
    asset: 'トークン',
    amount: '金額',
    payer: '支払者（任意）: このアドレスからの支払いのみ有効',
    memo: 'メモ（{used}/{max}）',
    in7Days: '7 日後',
    in30Days: '30 日後',
    endOfMonth: '月末',
    signing: 'ウォレットで署名してください…',
    submit: '署名して請求を作成',
    due: '期限',
    duePresets: '期限のクイック選択',
    sameAmount:
      '同じ金額の未払い請求がほかにもあります。直接送金（取引所から、または QR コードを読み取ったウォレットから）では両者を区別できません。1 セント加えるか、支払者にウォレットリンクを使うよう伝えてください。',
  },
}

export default ja
