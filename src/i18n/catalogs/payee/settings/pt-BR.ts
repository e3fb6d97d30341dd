import type { PayeeSettingsCatalog } from './en.ts'

const ptBR: PayeeSettingsCatalog = {
  page: {
    title: 'Configurações',
    sessions: 'Sessões',
  },
  profile: {
    title: 'Seu nome para quem paga',
    hint: 'Aparece nas suas páginas de pagamento e recibos ao lado do seu endereço, indicado como o nome que você mesmo escolheu.',
    displayName: 'Nome de exibição',
    website: 'Site (opcional)',
    saving: 'Salvando…',
    save: 'Salvar',
    saved: 'Salvo.',
  },
}

export default ptBR
