import type { PayeeUnmatchedCatalog } from './en.ts'

const ja: PayeeUnmatchedCatalog = {
  page: {
    title: '請求のない送金',
    hint: '請求しているトークンでアドレスに届いたものの、請求の参照がなく、金額もどの未払い請求とも一致しない送金です。それぞれを支払い対象の請求に割り当てるか、Billfold 向けの支払いでなければ却下してください。',
    showDismissed: '却下した送金を表示',
    loading: '読み込んでいます…',
    noneDismissed: '却下した送金はありません。',
    nothingToReview: '確認するものはありません。受け取った送金はすべて請求の支払いです。',
    fromOn: '{chain} で {from} から {amount}、',
    chainFallback: 'チェーン {id}',
    older: '以前の送金を表示',
    restore: '元に戻す',
    dismiss: '却下',
  },
}

export default ja
