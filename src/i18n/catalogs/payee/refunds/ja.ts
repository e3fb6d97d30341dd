import type { RefundsCatalog } from './en.ts'

const ja: RefundsCatalog = {
  'payee/refunds/panel': {
    title: '返金',
    intro:
      'ご自身のウォレットから返金します。全額、一部、または請求額を超えて支払われた分を返せます。Billfold はチェーン上で返金を確認した時点で記録します。',
    line: '{amount} を {address} へ、{date}:',
    awaiting_transfer: 'ウォレットからの送金待ち',
    awaitingOwner: '準備済み：オーナーのウォレットが送金します',
    refunded: '返金済み',
    cancelled: '取り消し',
    expired: '期限切れ（未送信）',
    send: '自分のウォレットから送金',
    sentWaiting: 'ウォレットから送金しました。チェーンに記録されると返金済みと表示されます：',
  },
  'payee/refunds/dialog': {
    open: '返金…',
    title: 'この請求を返金',
    description:
      '返金はあなたのウォレットから送られます。Billfold が資金を預かることはありません。返金できるのは最大 {amount} です。',
    sent: '返金を送信しました。',
    sentDetail: 'チェーンに記録されると返金済みと表示されます。',
    prepared: '準備しました。',
    preparedDetail: '送金は事業者自身のウォレットが行います。オーナーがこのページで送金します。',
    close: '閉じる',
    howMuch: '返金額',
    all: '返金できる全額: {amount}',
    excess: '請求額を超えて支払われた分: {amount}',
    other: '別の金額',
    amount: '金額（{symbol}）',
    to: '返金先',
    toHint:
      '支払いに使われたアドレスです。支払う人が取引所から支払い、別のアドレスを伝えてきた場合は変更してください。',
    chainFallback: 'チェーン {id}',
    chain: '返金するチェーン',
    chainHint: '受取人が支払ったチェーンで返金されます。',
    confirm: 'ウォレットで確認してください…',
    preparing: '準備しています…',
    submit: '{amount} を返金',
  },
}

export default ja
