import type { PayeeCreateCatalog } from './en.ts'

const ptBR: PayeeCreateCatalog = {
  form: {
    due: 'Vencimento',
    duePresets: 'Atalhos de vencimento',
    sameAmount:
      'Outra cobrança sua em aberto pede este mesmo valor. Transferências diretas (de uma corretora, ou de uma carteira que lê um QR code) não conseguiriam distingui-las; acrescente um centavo ou peça a quem paga que use o link da carteira.',
  },
}

export default ptBR
