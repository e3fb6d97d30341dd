import type { PayerSubscriptionsCatalog } from './en.ts'

const ptBR: PayerSubscriptionsCatalog = {
  'payer/subscriptions/words': {
    week: 'semana',
    month: 'mês (30 dias)',
    year: 'ano (365 dias)',
    active: 'Ativa',
    past_due: 'Em atraso',
    paused: 'Pausada',
    cancelled_by_payer: 'Cancelada pelo pagador',
    cancelled_by_payee: 'Cancelada pelo recebedor',
    ended: 'Encerrada',
    due: 'A cobrar',
    charging: 'Cobrando',
    sent: 'Enviada',
    paid: 'Paga',
    given_up: 'Não paga',
    cancelled: 'Cancelada',
  },
  'payer/subscriptions/plan': {
    title: 'Assinar',
    loading: 'Carregando o plano…',
    each: '{amount} a cada {period}',
    trial: 'Grátis por {days} dias: a primeira cobrança é em {date}.',
    firstNow: 'O primeiro período é cobrado assim que você assina.',
    periodsOne: 'Por {count} período.',
    periodsOther: 'Por {count} períodos.',
    endsOn: 'Até {date}.',
    untilCancelled: 'Até você cancelar.',
    permission:
      'Sua carteira pedirá uma única vez uma permissão que a rede faz cumprir: no máximo {amount} a cada {period}, só para {payee}, até {date}. O Billfold nunca guarda seu dinheiro, e você pode cancelar quando quiser.',
    permissionPermit2:
      'Sua carteira pedirá uma única vez uma autorização Permit2 que a rede faz cumprir: no máximo {total} no total, cobrado só pelo cobrador de {payee}, até {date}. Ela limita o total, não cada período: leia o aviso abaixo antes de assinar. O Billfold nunca guarda seu dinheiro, e você pode cancelar quando quiser.',
    permissionEither:
      'Sua carteira pedirá uma única vez uma permissão que a rede faz cumprir, até {date}: com uma permissão periódica, no máximo {amount} a cada {period}, só para {payee}; com uma autorização Permit2, no máximo {total} no total, só pelo cobrador de {payee}. O Billfold nunca guarda seu dinheiro, e você pode cancelar quando quiser.',
    connectPrompt: 'Conecte a carteira com a qual vai pagar.',
    wrongNetwork: 'Mude sua carteira para {chain} para assinar.',
    checking: 'Verificando o que sua carteira pode conceder…',
    unsupported:
      'Sua carteira não consegue conceder uma permissão periódica (ERC-7715) e o Permit2 não está nesta rede, então este plano não pode se cobrar sozinho dela. Em vez disso, você pode pagar cada período manualmente: a cobrança de cada período chega até você e você a paga na página dela.',
    offers: 'Sua carteira pode pagar este plano destas formas, a mais segura primeiro:',
    erc7715:
      'Permissão periódica (ERC-7715): a rede deixa cobrar no máximo {amount} a cada {period}, só para {payee}, até {date}.',
    permit2:
      'Autorização Permit2: a rede deixa cobrar no máximo {total} no total, só pelo cobrador de {payee}, até {date}.',
    permit2Total:
      'Antes de assinar: uma autorização Permit2 limita o total, não cada período. A rede deixa cobrar até {total} até {date}; que no máximo {amount} seja cobrado a cada {period} quem garante é o Billfold, não a rede. Se o Billfold um dia fosse comprometido, todo o valor de {total} poderia ser cobrado de uma vez. Você pode cancelar a qualquer momento.',
    byHand:
      'Ou pague cada período manualmente: nada é concedido; a cobrança de cada período chega até você (por e-mail, se deixar seu endereço) e você mesmo a paga.',
    byHandButton: 'Pagar cada período manualmente',
    subscribePermit2: 'Assinar com Permit2: até {total} no total',
    email: 'Seu e-mail (opcional)',
    emailHint: 'Para um recibo de cada cobrança e um aviso se alguma falhar.',
    subscribe: 'Assinar: {amount} a cada {period}',
    confirming: 'Confirme na sua carteira…',
    started: 'Assinado. Abrindo sua assinatura…',
  },
  'payer/subscriptions/page': {
    title: 'Sua assinatura',
    loading: 'Carregando sua assinatura…',
    each: '{amount} a cada {period}',
    state: 'Estado',
    next: 'Próxima cobrança',
    payee: 'Para',
    keepLink: 'Guarde o link desta página: é aqui que você vê e cancela esta assinatura.',
    pastDue:
      'Não foi possível cobrar um período. Uma nova tentativa será feita em {date}; você pode pagá-lo manualmente agora.',
    payByHand: 'Pagar o período {period} manualmente',
    charges: 'Cobranças',
    period: 'Período',
    starts: 'Início',
    amount: 'Valor',
    transaction: 'Transação',
    receipt: 'Recibo',
    seeReceipt: 'Recibo do período {period}',
    noCharges: 'Nenhuma cobrança ainda.',
    cancel: 'Cancelar a assinatura',
    cancelHint: 'Sua carteira revoga a permissão na rede; depois disso, nenhuma cobrança pode ser feita.',
    cancelling: 'Confirme na sua carteira…',
    onlyPayer: 'Conecte a carteira que assinou ({payer}) para cancelar.',
    cancelled: 'Cancelada: nenhuma outra cobrança pode ser feita.',
  },
  'payer/subscriptions/reasons': {
    balance_too_low: 'O saldo do pagador era insuficiente para esta cobrança.',
    permission_revoked: 'O pagador revogou a permissão.',
    permission_expired: 'A permissão terminou.',
    permission_not_started: 'A permissão ainda não começou.',
    account_not_upgraded:
      'A conta do pagador não executa mais o código de conta inteligente de que a permissão precisa.',
    over_period_amount: 'O valor é maior do que a permissão permite por período.',
    period_spent: 'O limite deste período já foi usado.',
    allowance_spent: 'O que resta do total da autorização do Permit2 é menor que esta cobrança.',
    token_approval_low: 'A aprovação do token do pagador para o Permit2 é menor que esta cobrança.',
    would_revert: 'A rede recusaria a cobrança.',
    above_cap: 'O valor do plano, {amount}, é maior que os {cap} que a permissão permite por período.',
    quote_above_cap:
      'O preço do plano na cotação deste período, {amount}, é maior que os {cap} que a permissão permite por período (a cotação de quando foi concedida, mais a tolerância do plano).',
    relayer_unavailable: 'O relayer do recebedor não conseguiu enviar a cobrança.',
    transaction_failed: 'A transação da cobrança falhou na rede.',
    send_failed: 'Não foi possível enviar a cobrança.',
    details: 'Detalhes (em inglês): {details}',
    grantAgain:
      'Sua permissão permite no máximo {cap} por período, menos do que o plano pede agora. Pague este período manualmente, ou cancele abaixo e comece o plano de novo pelo link dele: sua carteira vai pedir uma permissão para o novo valor.',
    planLink: 'Abrir o link do plano',
  },
}

export default ptBR
