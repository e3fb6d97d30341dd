import type { BridgeCatalog } from './en.ts'

const de: BridgeCatalog = {
  'payee/bridge/bring': {
    title: 'USDC auf einer Chain zusammenführen',
    open: 'USDC auf einer Chain zusammenführen',
    intro:
      'Ihre Wallet verbrennt die USDC auf jeder anderen Chain, Circle bestätigt jede Verbrennung, dann empfängt Ihre Wallet alles auf der gewählten Chain (Circles CCTP). Billfold verwahrt nichts davon.',
    destination: 'Zusammenführen auf',
    from: 'Von {chain}',
    holding: 'Dort halten Sie {amount}.',
    nothing: 'Sie halten keine USDC auf den anderen Chains.',
    bring: '{amount} auf {chain} bringen',
    bringing: 'Ihre Wallet sendet die Verbrennungen…',
    cancel: 'Abbrechen',
    moves: 'USDC unterwegs',
    move: '{amount} von {source} nach {destination}',
    waiting: 'wartet auf Circles Bestätigung',
    ready: 'bestätigt: bereit zum Empfangen',
    done: 'angekommen',
    failed: 'die Verbrennung ist auf der Chain gescheitert: die USDC sind geblieben',
    unavailable: 'Circles Bestätigungsdienst ist gerade nicht erreichbar; gleich wird erneut gefragt',
    notFound:
      'auf {chain} nicht gefunden: Die Transaktion kam dort nie an (eine Wallet, die sie beschleunigt oder abgebrochen hat, hat eine andere gesendet). Prüfen Sie die Aktivität Ihrer Wallet und verwerfen Sie sie dann: Ein Burn, der doch ausgeführt wurde, wird wiedergefunden.',
    dismiss: 'Verwerfen',
    receive: '{amount} auf {chain} empfangen',
    receiving: 'Ihre Wallet empfängt…',
    burnNotSent:
      'Ihre Wallet hat die Verbrennung auf {chain} nicht gesendet: die USDC dort sind geblieben. Versuchen Sie es erneut.',
    chainFallback: 'Chain {id}',
  },
}

export default de
