import type { BridgeCatalog } from './en.ts'

const ja: BridgeCatalog = {
  'payee/bridge/bring': {
    title: 'USDC を1つのチェーンにまとめる',
    open: 'USDC を1つのチェーンにまとめる',
    intro:
      'ウォレットがほかの各チェーンで USDC をバーンし、Circle が各バーンを証明したあと、選んだチェーンでウォレットがまとめて受け取ります（Circle の CCTP）。Billfold が資金を預かることはありません。',
    destination: 'まとめる先',
    from: '{chain} から',
    holding: 'そこに {amount} あります。',
    nothing: 'ほかのチェーンに USDC はありません。',
    bring: '{amount} を {chain} にまとめる',
    bringing: 'ウォレットがバーンを送信しています…',
    cancel: 'キャンセル',
    moves: '移動中の USDC',
    move: '{source} から {destination} へ {amount}',
    waiting: 'Circle の証明を待っています',
    ready: '証明済み：受け取れます',
    done: '着金しました',
    failed: 'チェーン上でバーンが失敗しました：USDC は移動していません',
    unavailable: 'Circle の証明サービスに今は接続できません。まもなく再確認します',
    notFound:
      '{chain} で見つかりません。この取引はチェーンに届きませんでした（高速化やキャンセルをしたウォレットは別の取引を送ります）。ウォレットの履歴を確認してから取り下げてください。実際に送られたバーンは再び見つかります。',
    dismiss: '取り下げる',
    receive: '{chain} で {amount} を受け取る',
    receiving: 'ウォレットが受け取っています…',
    burnNotSent:
      'ウォレットは {chain} でバーンを送信しませんでした：そこの USDC は移動していません。もう一度お試しください。',
    chainFallback: 'チェーン {id}',
  },
}

export default ja
