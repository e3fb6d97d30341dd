import type { PayeeRequestCatalog } from './en.ts'

const ja: PayeeRequestCatalog = {
  page: {
    titleFor: '{amount} の請求',
    title: '支払い請求',
    loading: '請求を読み込んでいます…',
    chainFallback: 'チェーン {id}',
    share: '共有',
    qrLabel: '支払いリンクの QR コード',
    payLink: '支払いリンク',
    copyLink: 'リンクをコピー',
    linkCopied: 'リンクをコピーしました',
    timeline: '履歴',
    receipt: '領収書',
    invoicePdf: '請求書 {number}（PDF）',
    payerListHint: '{payer} 宛ての未払いの請求をすべて1つのリンクにまとめます。相手は選んで1回の確認で支払えます。',
    payerListMake: '未払いの請求すべてへのリンクを作成',
    payerListLink: '未払いの請求へのリンク',
  },
  timeline: {
    created: '受取人が作成して署名',
    receivedFrom: '{from} から {amount} を受領',
    confirmationsOne: '、確認 {count} 件',
    confirmationsOther: '、確認 {count} 件',
    matchedByAmount: '・金額で照合（直接送金）',
    assigned: '・受取人が割り当て',
    paid: '全額支払い済み',
    paidLate: '全額支払い済み（期限後）',
    expired: '期限切れ: 期限までに受け取りなし',
    cancelled: '受取人が取り消し',
  },
  chains: {
    title: 'チェーンごとの受領額',
    onChain: '{chain} で {amount}',
    paymentsOne: '支払い {count} 件',
    paymentsOther: '支払い {count} 件',
  },
  cancel: {
    button: '請求を取り消す',
    title: 'この請求を取り消しますか？',
    explain:
      'リンクを開いた人には、支払いページで取り消されたことが表示されます。元に戻すことはできません。代わりに新しい請求を作成できます。',
    keep: '取り消さない',
    cancelling: '取り消し中…',
    confirm: 'はい、取り消します',
  },
  back: {
    link: '← 請求一覧',
  },
}

export default ja
