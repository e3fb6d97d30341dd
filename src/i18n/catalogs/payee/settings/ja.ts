import type { PayeeSettingsCatalog } from './en.ts'

const ja: PayeeSettingsCatalog = {
  page: {
    title: '設定',
    sessions: 'セッション',
  },
  profile: {
    title: '支払者に表示する名前',
    hint: '支払いページと領収書でアドレスの横に、あなたが名乗る名前として表示されます。',
    displayName: '表示名',
    website: 'ウェブサイト（任意）',
    saving: '保存しています…',
    save: '保存',
    saved: '保存しました。',
  },
  email: {
    title: 'メール',
    off: 'この Billfold ではメールが無効です。運営者がまだメールサーバーを接続していません。接続されると、ここでアドレスを確認し、選んだ通知（請求の支払い・期限切れ、返金の確定、Webhook の失敗、リレイヤーの残高不足）を受け取れるようになり、支払者も領収書や定期請求をメールで受け取れます。',
    notices: 'メール通知',
    address: 'アドレス',
    language: '言語',
    tellMe: '通知するタイミング',
    confirmed: '{address} は確認済みです。',
    linkSent: '{address} に確認リンクを送信しました。リンクが開かれるまで、このアドレスには他に何も送信されません。',
    saving: '保存中…',
    save: 'メール設定を保存',
  },
  notices: {
    paid: '請求が支払われたとき',
    partially_paid: '請求が一部支払われたとき',
    overpaid: '請求額を超えて支払われたとき',
    expired: '請求が未払いのまま期限切れになったとき',
    unmatched: 'どの請求にも一致しない送金があったとき',
    refunded: '返金がチェーン上で確定したとき',
    webhook_failing: 'Webhook エンドポイントが 1 時間失敗し続けているとき',
    relayer_low: 'リレイヤーの残高が少なくなったとき',
    relayer_paused: 'リレイヤーがガス不要の支払いを停止したとき（失敗した中継が多すぎるため）',
  },
}

export default ja
