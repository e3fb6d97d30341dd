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
}

export default ja
