import type { EmailCatalog } from './en.ts'

const ptBR: EmailCatalog = {
  confirm: {
    subject: 'Confirme seu endereço para os avisos do Billfold',
    body: 'Confirme que o Billfold em {site} pode enviar avisos sobre suas cobranças para este endereço:\n{link}\nO link vale por 48 horas. Se você não pediu isso, ignore este e-mail, ou recuse todo e-mail deste Billfold com o último link.',
  },
  paid: {
    subject: 'Pago: {amount} {symbol} por “{memo}”',
    body: 'Sua cobrança “{memo}” de {amount} {symbol} foi paga.\n{link}',
  },
  partially_paid: {
    subject: 'Pago em parte: {received} de {amount} {symbol} por “{memo}”',
    body: 'Sua cobrança “{memo}” foi paga em parte: {received} de {amount} {symbol} recebidos.\n{link}',
  },
  overpaid: {
    subject: 'Pago a mais: {received} {symbol} por “{memo}”',
    body: 'Sua cobrança “{memo}” de {amount} {symbol} recebeu {received} {symbol}. Você pode reembolsar o excedente na página dela.\n{link}',
  },
  expired: {
    subject: 'Vencida sem pagamento: “{memo}”',
    body: 'Sua cobrança “{memo}” de {amount} {symbol} venceu sem receber nada.\n{link}',
  },
  unmatched: {
    subject: 'Uma transferência não corresponde a nenhuma cobrança: {amount} {symbol}',
    body: 'Uma transferência de {amount} {symbol} de {from} chegou até você sem corresponder a nenhuma cobrança. Atribua-a a uma cobrança ou descarte-a:\n{link}',
  },
  refunded: {
    subject: 'Reembolso confirmado: {amount} {symbol} por “{memo}”',
    body: 'Seu reembolso de {amount} {symbol} para {to} por “{memo}” está na rede (transação {tx}).\n{link}',
  },
  webhook_failing: {
    subject: 'Um endpoint de webhook está falhando há uma hora',
    body: 'As entregas para {url} falham há mais de uma hora; elas são repetidas por cerca de três dias. Verifique o endpoint:\n{link}',
  },
  relayer_low: {
    subject: 'Seu relayer em {chain} está com pouco saldo',
    body: 'Seu relayer em {chain} tem {balance} {symbol}, {enough}. Recarregue-o:\n{link}',
    enough: {
      one: 'o bastante para cerca de {relays} pagamento sem gas',
      other: 'o bastante para cerca de {relays} pagamentos sem gas',
    },
  },
  relayer_paused: {
    subject: 'Os pagamentos sem gas estão pausados no seu relayer {address}',
    body: 'Seu relayer {address} pausou os pagamentos sem gas: {reason}. Enquanto isso, os pagadores veem a forma normal de pagar. Veja os envios que falharam e retome-o quando estiver pronto:\n{link}',
  },
  receipt: {
    subject: 'Recibo: {amount} {symbol} pagos por “{memo}”',
    body: 'Seu pagamento de {amount} {symbol} para {payee} por “{memo}” está confirmado na rede. Seu recibo:\n{link}',
    bodyInParts:
      'Seu pagamento de {amount} {symbol} para {payee} por “{memo}” está confirmado na rede, em partes:\n{parts}\nNo total: {received} {symbol}. Seu recibo:\n{link}',
    part: '{amount} {symbol} na {chain} (transação {tx})',
  },
  scheduled: {
    subject: 'Cobrança: {amount} {symbol} por “{memo}”',
    body: '{payee} cobra {amount} {symbol} por “{memo}”, com vencimento em {due}. Pague aqui:\n{link}',
  },
  subscription_coming: {
    subject: 'Próxima cobrança: {amount} {symbol} por “{plan}” em {date}',
    body: '{payee} vai cobrar {amount} {symbol} por “{plan}” da sua carteira em {date}, como permite a permissão que você concedeu. Você não precisa fazer nada. Para impedir, cancele a assinatura na página dela antes dessa data:\n{link}',
  },
  subscription_past_due: {
    subject: 'Em atraso: {amount} {symbol} por “{memo}”',
    body: 'Não foi possível cobrar da sua carteira {amount} {symbol} por “{memo}” para {payee}, então este período está em atraso. Haverá nova tentativa; você também pode pagar por conta própria, até {due}, com um clique:\n{link}',
  },
  footer: {
    payee: 'Você recebe isto porque pediu estes avisos ao Billfold em {site}.',
    payer: 'Você recebe isto porque deixou este endereço em uma página de pagamento do Billfold em {site}.',
    unsubscribe: 'Recusar para sempre todo e-mail do Billfold em {site}: {link}',
  },
  page: {
    confirmTitle: 'Confirme seu endereço',
    confirmButton: 'Confirmar {address}',
    confirmed: '{address} está confirmado: o Billfold enviará para lá os avisos que você escolheu.',
    unsubscribeTitle: 'Recusar todo e-mail',
    unsubscribeButton: 'Nunca mais enviar e-mails para {address}',
    unsubscribed: '{address} não receberá mais e-mails deste Billfold, seja quem for que peça.',
    invalid: 'Este link não é válido ou expirou.',
  },
}

export default ptBR
