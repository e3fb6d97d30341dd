import type { PayeeStartCatalog } from './en.ts'

const ptBR: PayeeStartCatalog = {
  start: {
    heading: 'Cobre pagamentos em cripto, pagos direto de uma carteira',
    lead: 'Crie uma cobrança assinada, compartilhe um link ou QR code e veja-a ficar paga na rede. Sem custódia, sem taxas, sem intermediários.',
    connect: 'Conecte uma carteira para começar',
    thenSignIn: 'Depois entre: uma assinatura na sua carteira, sem transação e sem taxa.',
    howTitle: 'Como funciona',
    howConnect: 'Conecte sua carteira e entre.',
    howCreate:
      'Crie uma cobrança: valor, token, vencimento. Sua carteira a assina, para que quem paga possa conferir que ela vem mesmo de você.',
    howShare:
      'Compartilhe o link ou o QR code. A página fica paga sozinha quando o pagamento está na rede; o dinheiro vai direto para o seu endereço.',
    needTitle: 'Do que você precisa',
    needText:
      'Uma carteira de navegador como MetaMask, Rabby ou Coinbase Wallet, ou uma carteira móvel pelo QR code da janela de conexão. Quem paga não precisa de conta aqui: paga da própria carteira, ou de qualquer carteira ou corretora enviando exatamente o valor mostrado.',
    tryTitle: 'Experimente com dinheiro de teste',
    tryText:
      'Aqui as cobranças podem usar {network}, uma rede de teste cujas moedas não têm valor: conecte uma carteira com fundos de teste e experimente cada etapa de graça, inclusive o pagamento.',
  },
  signIn: {
    title: 'Entre para ver suas cobranças',
    explain:
      'Sua carteira vai pedir que você assine uma mensagem que prova que esta conta é sua. É grátis: nenhuma transação, nada é enviado.',
    switchNetwork: ' Primeiro mude sua carteira para uma rede que este Billfold aceita.',
    checkWallet: 'Confira sua carteira…',
    sign: 'Assinar mensagem',
  },
}

export default ptBR
