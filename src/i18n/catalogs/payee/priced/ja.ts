import type { PricedCatalog } from './en.ts'

const ja: PricedCatalog = {
  'payee/priced/form': {
    title: '通貨建ての新しい請求',
    intro:
      '支払う人は、あなたが受け付けるトークンから 1 つを選び、チェーンの Chainlink 価格フィードによるレートで支払います。レートは数分間有効で、ウォレットで一度承認したキーが署名します。',
    chain: 'ネットワーク',
    testNetwork: '{name}（テストネットワーク）',
    currency: '通貨',
    price: '価格',
    priceRequired: '価格を入力してください。',
    tolerance: '許容差 %（任意、最大 {max}）: 価格との差がこの範囲内の支払いは支払い済みとみなします',
    signing: 'ウォレットで署名してください…',
    submit: '署名して請求を作成',
  },
  'payee/priced/tokens': {
    legend: '支払いに使えるトークン',
  },
}

export default ja
