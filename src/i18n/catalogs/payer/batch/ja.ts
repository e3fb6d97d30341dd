import type { BatchCatalog } from './en.ts'

const ja: BatchCatalog = {
  'payer/batch/page': {
    title: '複数の請求をまとめて支払う',
    intro:
      'このブラウザで開いた、まだ未払いの請求です。支払うものを選んでください。ウォレットの確認は1回だけで、請求ごとに個別の支払いになります。',
    none: 'このブラウザで開いた未払いの請求はありません。各請求のリンクを一度開いてから、ここに戻ってください。',
    choose: '支払う請求',
    request: '{payee}へ{amount}',
    dueOf: '{amount}のうち残り{due}',
    oneNetwork: '1つのネットワークの請求を選んでください。1回の確認で支払えるのは1つのネットワークです。',
    total: '合計：{total}（{chain}上の{count}件）',
    pay: '{count}件の請求を1回の確認で支払う',
    paying: 'ウォレットで承認してください…',
    loading: '請求を読み込んでいます…',
    nonePaidBalance:
      '{symbol} の残高（{balance}）が合計（{total}）に足りないため、{count}件の請求はどれも支払われず、すべて未払いのままです。',
    nonePaidReverted:
      '支払いの一つが失敗してネットワークがまとめた取引全体を取り消したため、{count}件の請求はどれも支払われず、すべて未払いのままです（かかったのはネットワーク手数料だけです）。',
    nonePaidFailed:
      'ウォレットがまとめた取引を送信できなかったため、{count}件の請求はどれも支払われず、すべて未払いのままです。',
    listIntro:
      '{payee} が {payer} 宛てに作成した未払いの請求です。支払うものを選んでください。ウォレットでの確認は1回だけで、請求ごとに個別の支払いになります。',
    listNone: 'このリストには支払うものが残っていません。',
    listOtherAccount:
      'これらの請求は {payer} 宛てです。そのアカウントからの支払いだけが有効です。ウォレットでそのアカウントに切り替えてください。',
  },
  'payer/batch/receipt': {
    title: '領収書',
    intro: '1回の確認で送信しました。各請求は、その支払いがチェーン上で確認されると支払済みになります。',
    request: '請求',
    amount: '金額',
    status: '状態',
    transaction: 'トランザクション',
    view: 'この請求の領収書',
  },
}

export default ja
