import type { RelayersCatalog } from './en.ts'

const ptBR: RelayersCatalog = {
  'payee/relayers/panel': {
    title: 'Pagamentos sem gas',
    intro:
      'Quem tem USDC ou EURC mas nenhuma moeda para a taxa de rede pode pagar só assinando: o seu relayer, uma chave que o Billfold guarda para você em cada rede, envia o pagamento e paga a taxa com o pequeno saldo que você deposita nele. O pagamento continua indo direto para o seu endereço.',
    chainFallback: 'Rede {id}',
    csv: 'Baixar todos os relays com a taxa de cada um (CSV)',
    tableLabel: 'Relays e saques',
    when: 'Quando',
    what: 'O quê',
    state: 'Situação',
    fee: 'Taxa',
    withdrawal: 'Saque de {amount}',
    payment: 'Pagamento da cobrança {id}',
    waiting: 'Aguardando',
    signed: 'Assinado',
    sent: 'Enviado',
    mined: 'Confirmado',
    reverted: 'Revertido',
    expired: 'Expirado',
  },
  'payee/relayers/card': {
    label: 'Relayer na rede {chain}',
    address: 'Endereço do relayer',
    copyAddress: 'Copiar endereço',
    balance: 'Saldo',
    balanceRelays: '{amount} (cerca de {count} pagamentos pela taxa de hoje)',
    low: 'Saldo baixo: taxas para menos de 20 pagamentos. Deposite um pouco de {symbol}.',
    enable: 'Permitir pagar sem gas na rede {chain}',
    savedOn: 'Salvo: quem paga pode pagar sem gas na rede {chain}.',
    savedOff: 'Salvo: na rede {chain}, quem paga arca com a própria taxa de rede.',
    fundWith: 'Depositar ({symbol})',
    typeAmount: 'Digite um valor em {symbol}, por exemplo {example}.',
    confirm: 'Confirme na sua carteira…',
    fund: 'Depositar da minha carteira',
    capLabel: 'Limite de taxa na rede {chain}',
    cap: 'Taxa máxima por pagamento ({symbol}; vazio: sem limite)',
    saveCap: 'Salvar limite',
    withdraw: 'Sacar para o meu endereço',
    withdrawing: 'Sacando {amount} para o seu endereço.',
  },
  'payee/relayers/safety': {
    pausedSince:
      'Os pagamentos sem gas estão pausados desde {date}: {reason}. Enquanto isso, quem paga vê a forma normal de pagar.',
    resume: 'Retomar os pagamentos sem gas',
    budgetLabel: 'Limite de falhas na rede {chain}',
    budget: 'Relays com falha por hora antes de pausar',
    budgetError: 'Digite um número inteiro de 1 a 100.',
    saveBudget: 'Salvar limite de falhas',
    wasted: 'Gasto com relays que falharam',
    wastedDetail: '{amount} (relays revertidos e nonces de relays expirados preenchidos)',
  },
  'payee/relayers/notice': {
    paused: 'Os pagamentos sem gas estão pausados na rede {chain}: {reason}. {link}.',
    pausedLink: 'Ver e retomar',
    low: 'Seu relayer na rede {chain} tem {amount}: menos de 20 pagamentos sem gas. {link}.',
    lowLink: 'Depositar',
    chainFallback: 'de id {id}',
  },
}

export default ptBR
