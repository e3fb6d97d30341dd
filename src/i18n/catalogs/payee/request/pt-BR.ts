import type { PayeeRequestCatalog } from './en.ts'

const ptBR: PayeeRequestCatalog = {
  page: {
    titleFor: 'Cobrança de {amount}',
    title: 'Cobrança',
    loading: 'Carregando a cobrança…',
    chainFallback: 'Rede {id}',
    share: 'Compartilhar',
    qrLabel: 'QR code do link de pagamento',
    payLink: 'Link de pagamento',
    copyLink: 'Copiar link',
    linkCopied: 'Link copiado',
    timeline: 'Histórico',
    receipt: 'Recibo',
    invoicePdf: 'Fatura {number} (PDF)',
    payerListHint:
      'Todas as suas cobranças em aberto para {payer} em um só link: a pessoa escolhe e paga com uma única confirmação.',
    payerListMake: 'Criar um link para todas as cobranças em aberto',
    payerListLink: 'Link para as cobranças em aberto',
  },
  timeline: {
    created: 'Criada e assinada pelo recebedor',
    receivedFrom: 'Recebido {amount} de {from}',
    confirmationsOne: ', {count} confirmação',
    confirmationsOther: ', {count} confirmações',
    matchedByAmount: ' · associado pelo valor (uma transferência direta)',
    assigned: ' · atribuído pelo recebedor',
    paid: 'Paga integralmente',
    paidLate: 'Paga integralmente, após o vencimento',
    expired: 'Vencida: nada foi recebido até o vencimento',
    cancelled: 'Cancelada pelo recebedor',
  },
  chains: {
    title: 'Recebido em cada rede',
    onChain: '{amount} na rede {chain}',
    paymentsOne: '{count} pagamento',
    paymentsOther: '{count} pagamentos',
  },
  cancel: {
    button: 'Cancelar cobrança',
    title: 'Cancelar esta cobrança?',
    explain:
      'A página de pagamento informará a quem abrir o link que ela foi cancelada. Isso não pode ser desfeito; você pode criar uma nova cobrança no lugar.',
    keep: 'Manter',
    cancelling: 'Cancelando…',
    confirm: 'Sim, cancelar',
  },
  back: {
    link: '← Suas cobranças',
  },
}

export default ptBR
