import type { PayeeUnmatchedCatalog } from './en.ts'

const ptBR: PayeeUnmatchedCatalog = {
  page: {
    title: 'Transferências sem cobrança',
    hint: 'Chegaram ao seu endereço em um token que você cobra, mas não trazem a referência de nenhuma cobrança e o valor não corresponde a uma única cobrança em aberto. Atribua cada uma à cobrança que ela paga, ou descarte-a se não for um pagamento para o Billfold.',
    showDismissed: 'Mostrar transferências descartadas',
    loading: 'Carregando…',
    noneDismissed: 'Nenhuma transferência descartada.',
    nothingToReview: 'Nada a revisar: toda transferência recebida paga uma cobrança.',
    fromOn: '{amount} de {from} na {chain},',
    chainFallback: 'rede {id}',
    older: 'Mostrar transferências anteriores',
    restore: 'Restaurar',
    dismiss: 'Descartar',
  },
  assign: {
    open: 'Atribuir a uma cobrança…',
    title: 'Atribuir {amount} a uma cobrança',
    description:
      'A transferência passa a contar como pagamento dessa cobrança, registrada como atribuída por você. Uma transferência paga apenas uma cobrança.',
    loading: 'Carregando suas cobranças…',
    none: 'Você não tem nenhuma cobrança em aberto em {symbol} nesta rede.',
    request: 'Cobrança',
    choose: 'Escolha uma cobrança…',
    noMemo: 'sem observação',
    cancel: 'Cancelar',
    assigning: 'Atribuindo…',
    assign: 'Atribuir',
  },
}

export default ptBR
