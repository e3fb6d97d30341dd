import type { BatchCatalog } from './en.ts'

const ptBR: BatchCatalog = {
  'payer/batch/page': {
    title: 'Pagar várias cobranças',
    intro:
      'As cobranças que você abriu neste navegador e que continuam em aberto. Escolha as que vai pagar: sua carteira pergunta uma vez só, e cada cobrança recebe o próprio pagamento.',
    none: 'Nenhuma cobrança em aberto foi aberta neste navegador. Abra uma vez o link de cada cobrança e volte aqui.',
    choose: 'Cobranças a pagar',
    request: '{amount} para {payee}',
    dueOf: 'faltam {due} de {amount}',
    oneNetwork: 'Escolha cobranças de uma só rede: uma confirmação paga em uma rede.',
    total: 'Total: {total} ({count} cobranças na {chain})',
    pay: 'Pagar {count} cobranças com uma confirmação',
    paying: 'Confirme na sua carteira…',
    loading: 'Carregando suas cobranças…',
    nonePaidBalance:
      'Nenhuma das {count} cobranças foi paga, e todas continuam em aberto: seu saldo de {symbol} ({balance}) é menor que o total delas ({total}).',
    nonePaidReverted:
      'Nenhuma das {count} cobranças foi paga, e todas continuam em aberto: a rede desfez o lote inteiro porque um dos pagamentos falhou (só a taxa de rede foi gasta).',
    nonePaidFailed:
      'Nenhuma das {count} cobranças foi paga, e todas continuam em aberto: sua carteira não conseguiu enviar o lote.',
    listIntro:
      'As cobranças em aberto que {payee} fez para {payer}. Escolha as que vai pagar: sua carteira pede uma única confirmação, e cada cobrança recebe seu próprio pagamento.',
    listNone: 'Não resta nada a pagar nesta lista.',
    listOtherAccount:
      'Estas cobranças são para {payer}: só contam pagamentos dessa conta. Troque para ela na sua carteira.',
  },
  'payer/batch/receipt': {
    title: 'Recibo',
    intro: 'Enviado com uma única confirmação. Cada cobrança aparece como paga quando a rede tiver o pagamento.',
    request: 'Cobrança',
    amount: 'Valor',
    status: 'Situação',
    transaction: 'Transação',
    view: 'Recibo desta cobrança',
  },
}

export default ptBR
