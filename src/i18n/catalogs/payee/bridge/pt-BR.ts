import type { BridgeCatalog } from './en.ts'

const ptBR: BridgeCatalog = {
  'payee/bridge/bring': {
    title: 'Reunir os USDC em uma rede',
    open: 'Reunir os USDC em uma rede',
    intro:
      'Sua carteira queima os USDC em cada uma das outras redes, a Circle atesta cada queima e depois sua carteira recebe tudo na rede que você escolher (CCTP da Circle). O Billfold nunca fica com eles.',
    destination: 'Levar para',
    from: 'De {chain}',
    holding: 'Você tem {amount} lá.',
    nothing: 'Você não tem USDC nas outras redes.',
    bring: 'Levar {amount} para {chain}',
    bringing: 'Sua carteira está enviando as queimas…',
    cancel: 'Cancelar',
    moves: 'USDC a caminho',
    move: '{amount} de {source} para {destination}',
    waiting: 'aguardando a atestação da Circle',
    ready: 'atestado: pronto para receber',
    done: 'chegou',
    failed: 'a queima falhou na rede: os USDC não saíram',
    unavailable: 'o serviço de atestação da Circle não responde agora; nova consulta em instantes',
    notFound:
      'não encontrada em {chain}: a transação nunca chegou lá (uma carteira que a acelerou ou cancelou enviou outra). Confira a atividade da sua carteira e depois descarte-a: um burn que foi enviado de fato é encontrado de novo.',
    dismiss: 'Descartar',
    receive: 'Receber {amount} em {chain}',
    receiving: 'Sua carteira está recebendo…',
    burnNotSent: 'Sua carteira não enviou a queima em {chain}: os USDC de lá não saíram. Tente de novo.',
    chainFallback: 'rede {id}',
  },
}

export default ptBR
