import type { TillLinkCatalog } from './en.ts'

const ptBR: TillLinkCatalog = {
  'payer/till/link': {
    title: 'Pagar no caixa',
    opening: 'Abrindo a venda…',
    waiting: 'Ainda não há venda aguardando neste caixa: esta página a abre assim que o caixa cobrar.',
    notFound: 'Este caixa não existe ou está fechado.',
  },
}

export default ptBR
