import type { RefundsCatalog } from './en.ts'

const ptBR: RefundsCatalog = {
  'payee/refunds/panel': {
    title: 'Reembolsos',
    intro:
      'Devolva dinheiro da sua própria carteira: tudo, uma parte ou o que foi pago acima do valor cobrado. O Billfold registra o reembolso quando o vê na blockchain.',
    line: '{amount} para {address}, {date}:',
    awaiting_transfer: 'Aguardando a transferência da sua carteira',
    awaitingOwner: 'Preparado: a carteira do proprietário o envia',
    refunded: 'Reembolsado',
    cancelled: 'Cancelado',
    expired: 'Expirado (nunca enviado)',
    send: 'Enviar da minha carteira',
    sentWaiting: 'Enviado da sua carteira; aparece como reembolsado assim que a blockchain o registrar:',
  },
  'payee/refunds/dialog': {
    open: 'Reembolsar…',
    title: 'Reembolsar esta cobrança',
    description:
      'Sua carteira envia o reembolso; o Billfold nunca guarda seus fundos. É possível reembolsar até {amount}.',
    sent: 'Reembolso enviado.',
    sentDetail: 'Ele aparece como reembolsado quando estiver na blockchain.',
    prepared: 'Preparado.',
    preparedDetail: 'A carteira da própria empresa o envia: o proprietário o encontra nesta página.',
    close: 'Fechar',
    howMuch: 'Quanto',
    all: 'Tudo o que pode ser reembolsado: {amount}',
    excess: 'O que foi pago acima do valor cobrado: {amount}',
    other: 'Outro valor',
    amount: 'Valor ({symbol})',
    to: 'Reembolsar para',
    toHint: 'O endereço que pagou. Altere se a pessoa pagou de uma corretora e informou outro endereço.',
    chainFallback: 'rede {id}',
    chain: 'Reembolsar em',
    chainHint: 'Ele volta pela rede em que o destinatário pagou.',
    confirm: 'Confirme na sua carteira…',
    preparing: 'Preparando…',
    submit: 'Reembolsar {amount}',
  },
}

export default ptBR
