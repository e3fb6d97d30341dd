import type { EmailCatalog } from './en.ts'

const ja: EmailCatalog = {
  confirm: {
    subject: 'Billfold の通知を受け取るアドレスを確認してください',
    body: '{site} の Billfold が支払い請求に関する通知をこのアドレスに送ることを確認してください：\n{link}\nこのリンクの有効期限は 48 時間です。心当たりがない場合はこのメールを無視するか、最後のリンクからこの Billfold からのメールをすべて拒否してください。',
  },
  paid: {
    subject: '支払い済み：「{memo}」の {amount} {symbol}',
    body: '請求「{memo}」（{amount} {symbol}）が支払われました。\n{link}',
  },
  partially_paid: {
    subject: '一部支払い：「{memo}」の {amount} {symbol} のうち {received}',
    body: '請求「{memo}」は一部支払われました：{amount} {symbol} のうち {received} を受け取りました。\n{link}',
  },
  overpaid: {
    subject: '過払い：「{memo}」に {received} {symbol}',
    body: '請求「{memo}」（{amount} {symbol}）に {received} {symbol} が支払われました。超過分は請求のページから返金できます。\n{link}',
  },
  expired: {
    subject: '未払いのまま期限切れ：「{memo}」',
    body: '請求「{memo}」（{amount} {symbol}）は何も受け取らないまま期限が切れました。\n{link}',
  },
  unmatched: {
    subject: 'どの請求にも一致しない送金：{amount} {symbol}',
    body: '{from} から {amount} {symbol} の送金が届きましたが、どの請求にも一致しません。請求に割り当てるか、却下してください：\n{link}',
  },
  refunded: {
    subject: '返金を確認しました：「{memo}」の {amount} {symbol}',
    body: '「{memo}」について {to} への {amount} {symbol} の返金がチェーン上に記録されました（トランザクション {tx}）。\n{link}',
  },
  webhook_failing: {
    subject: 'Webhook エンドポイントが 1 時間失敗しています',
    body: '{url} への配信が 1 時間以上失敗しています。約 3 日間再試行されます。エンドポイントを確認してください：\n{link}',
  },
  relayer_low: {
    subject: '{chain} のリレイヤーの残高が少なくなっています',
    body: '{chain} のリレイヤーの残高は {balance} {symbol} で、{enough}です。補充してください：\n{link}',
    enough: { one: 'ガスなしの支払いあと約 {relays} 回分', other: 'ガスなしの支払いあと約 {relays} 回分' },
  },
  relayer_paused: {
    subject: 'リレイヤー {address} のガスなし支払いを一時停止しました',
    body: 'リレイヤー {address} はガスなしの支払いを一時停止しました：{reason}。その間、支払者には通常の支払い方法が案内されます。失敗したリレーを確認し、準備ができたら再開してください：\n{link}',
  },
  receipt: {
    subject: '領収書：「{memo}」に {amount} {symbol} を支払いました',
    body: '「{memo}」について {payee} への {amount} {symbol} の支払いがチェーン上で確認されました。領収書：\n{link}',
    bodyInParts:
      '「{memo}」について {payee} への {amount} {symbol} の支払いが、分割してチェーン上で確認されました：\n{parts}\n合計：{received} {symbol}。領収書：\n{link}',
    part: '{chain} で {amount} {symbol}（トランザクション {tx}）',
  },
  scheduled: {
    subject: '支払い請求：「{memo}」の {amount} {symbol}',
    body: '{payee} から「{memo}」について {amount} {symbol} の請求です。期限は {due} です。こちらからお支払いください：\n{link}',
  },
  subscription_coming: {
    subject: '引き落とし予定：{date} に「{plan}」の {amount} {symbol}',
    body: '{payee} は {date} に、あなたが付与した権限の範囲で「{plan}」の {amount} {symbol} をウォレットから引き落とします。お手続きは不要です。停止するには、それまでにサブスクリプションのページで解約してください：\n{link}',
  },
  subscription_past_due: {
    subject: '支払い期限超過：「{memo}」の {amount} {symbol}',
    body: '{payee} への「{memo}」の {amount} {symbol} をウォレットから引き落とせなかったため、この期間は支払い期限を過ぎています。引き落としは再度試みられます。{due} までにワンクリックでご自身で支払うこともできます：\n{link}',
  },
  footer: {
    payee: '{site} の Billfold でこの通知を希望されたため、このメールをお送りしています。',
    payer: '{site} の Billfold の支払いページにこのアドレスを残されたため、このメールをお送りしています。',
    unsubscribe: '{site} の Billfold からのメールを今後すべて拒否する：{link}',
  },
  page: {
    confirmTitle: 'アドレスの確認',
    confirmButton: '{address} を確認する',
    confirmed: '{address} を確認しました。選択した通知がこのアドレスに送られます。',
    unsubscribeTitle: 'すべてのメールを拒否',
    unsubscribeButton: '{address} には今後メールを送らない',
    unsubscribed: '{address} には、誰が求めても、この Billfold からメールを送りません。',
    invalid: 'このリンクは無効か、期限が切れています。',
  },
}

export default ja
