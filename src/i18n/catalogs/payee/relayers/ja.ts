import type { RelayersCatalog } from './en.ts'

const ja: RelayersCatalog = {
  'payee/relayers/panel': {
    title: 'ガス不要の支払い',
    intro:
      'USDC や EURC を持っていてもネットワーク手数料用のコインがない人は、署名だけで支払えます。リレイヤー（Billfold が各チェーンであなたのために保管するキー）が支払いを送信し、あなたが入金した少額のコインから手数料を払います。支払いはそのままあなたのアドレスに届きます。',
    chainFallback: 'チェーン {id}',
    csv: 'すべてのリレーと手数料をダウンロード（CSV）',
    tableLabel: 'リレーと引き出し',
    when: '日時',
    what: '内容',
    state: '状態',
    fee: '手数料',
    withdrawal: '{amount} の引き出し',
    payment: '請求 {id} の支払い',
    waiting: '待機中',
    signed: '署名済み',
    sent: '送信済み',
    mined: '確定',
    reverted: '差し戻し',
    expired: '期限切れ',
  },
  'payee/relayers/card': {
    label: '{chain} のリレイヤー',
    address: 'リレイヤーのアドレス',
    copyAddress: 'アドレスをコピー',
    balance: '残高',
    balanceRelays: '{amount}（今日の手数料で約 {count} 回分）',
    low: '残高が少なくなっています（支払い 20 回分未満）。{symbol} を少し入金してください。',
    enable: '{chain} でガス不要の支払いを許可する',
    savedOn: '保存しました。{chain} ではガス不要で支払えます。',
    savedOff: '保存しました。{chain} では支払う人がネットワーク手数料を負担します。',
    fundWith: '入金額（{symbol}）',
    typeAmount: '{symbol} の金額を入力してください（例: {example}）。',
    confirm: 'ウォレットで確認してください…',
    fund: 'ウォレットから入金',
    capLabel: '{chain} の手数料上限',
    cap: '1 回の支払いの手数料上限（{symbol}、空欄で上限なし）',
    saveCap: '上限を保存',
    withdraw: '自分のアドレスに引き出す',
    withdrawing: '{amount} をあなたのアドレスに引き出しています。',
  },
  'payee/relayers/safety': {
    pausedSince:
      '{date} からガス不要の支払いを一時停止しています: {reason}。その間、支払う人には通常の支払い方法が表示されます。',
    resume: 'ガス不要の支払いを再開',
    budgetLabel: '{chain} の失敗許容数',
    budget: '一時停止までに許容する 1 時間あたりの失敗リレー数',
    budgetError: '1〜100 の整数を入力してください。',
    saveBudget: '許容数を保存',
    wasted: '失敗したリレーの費用',
    wastedDetail: '{amount}（差し戻されたリレーと、期限切れリレーのノンス埋め）',
  },
  'payee/relayers/notice': {
    paused: '{chain} でガス不要の支払いが一時停止しています: {reason}。{link}。',
    pausedLink: '確認して再開',
    low: '{chain} のリレイヤーの残高は {amount} です（ガス不要の支払い 20 回分未満）。{link}。',
    lowLink: '入金する',
    chainFallback: 'チェーン {id}',
  },
}

export default ja
