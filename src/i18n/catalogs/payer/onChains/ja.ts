import type { PaymentsOnChainsCatalog } from './en.ts'

const ja: PaymentsOnChainsCatalog = {
  'payer/onChains': {
    paymentLine: '{chain} で {amount} {symbol}：{hash}',
    receiptLine: '{date}、{chain} のブロック {block} で {amount} {symbol}：{hash}',
    total: '合計：{amount} {symbol}',
    chains: 'チェーン',
  },
}

export default ja
