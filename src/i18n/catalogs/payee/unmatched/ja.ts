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
  assign: {
    open: '請求に割り当てる…',
    title: '{amount} を請求に割り当てる',
    description:
      'この送金はその請求への支払いとして扱われ、あなたが割り当てたものとして記録されます。1件の送金で支払えるのは1件の請求だけです。',
    loading: '請求を読み込んでいます…',
    none: 'このチェーンに {symbol} の未払い請求はありません。',
    request: '請求',
    choose: '請求を選択…',
    noMemo: 'メモなし',
    cancel: 'キャンセル',
    assigning: '割り当て中…',
    assign: '割り当てる',
  },
}

export default ja
