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
  email: {
    title: 'Notificações por e-mail',
    off: 'O e-mail está desativado neste Billfold: quem o administra ainda não conectou um servidor de e-mail. Quando isso acontecer, você poderá confirmar um endereço aqui e receber os avisos que escolher (uma cobrança paga ou expirada, um reembolso confirmado, um webhook com falha, um relayer com saldo baixo), e os pagadores poderão receber seus recibos e suas cobranças recorrentes por e-mail.',
    notices: 'Avisos por e-mail',
    address: 'Endereço',
    language: 'Idioma',
    tellMe: 'Avisar-me quando',
    confirmed: '{address} está confirmado.',
    linkSent:
      'Um link de confirmação foi enviado para {address}: nada mais será enviado para lá até que ele seja aberto.',
    saving: 'Salvando…',
    save: 'Salvar configurações de e-mail',
  },
  notices: {
    paid: 'uma cobrança for paga',
    partially_paid: 'uma cobrança for paga em parte',
    overpaid: 'uma cobrança for paga acima do pedido',
    expired: 'uma cobrança vencer sem pagamento',
    unmatched: 'uma transferência não corresponder a nenhuma cobrança',
    refunded: 'um reembolso for confirmado na rede',
    webhook_failing: 'um endpoint de webhook estiver falhando há uma hora',
    relayer_low: 'um relayer estiver com saldo baixo',
    relayer_paused: 'um relayer suspender os pagamentos sem gas (falhas demais)',
  },
}

export default ptBR
