/** What the start page says in English to someone not signed in, and the sign-in step. */
const en = {
  start: {
    heading: 'Request crypto payments, paid straight from a wallet',
    lead: 'Create a signed payment request, share a link or a QR code, and watch it turn paid on chain. No custody, no fees, no middleman.',
    connect: 'Connect a wallet to start',
    thenSignIn: 'Then sign in: a signature in your wallet, with no transaction and no fee.',
    howTitle: 'How it works',
    howConnect: 'Connect your wallet and sign in.',
    howCreate:
      'Create a request: amount, token, due date. Your wallet signs it, so payers can check it really comes from you.',
    howShare:
      'Share the link or QR code. The page turns paid by itself when the payment is on chain; the money goes straight to your address.',
    needTitle: 'What you need',
    needText:
      'A browser wallet such as MetaMask, Rabby or Coinbase Wallet, or a mobile wallet through the QR code in the connect dialog. Payers need no account here: they pay from their own wallet, or from any wallet or exchange by sending the exact amount shown.',
    tryTitle: 'Try it with test money',
    tryText:
      'Requests here can use {network}, a test network whose coins have no value: connect a wallet with test funds on it and try every step, paying included, for free.',
  },
  signIn: {
    title: 'Sign in to see your requests',
    explain:
      'Your wallet will ask you to sign a message that proves this account is yours. It is free: no transaction, nothing is sent.',
    switchNetwork: ' First switch your wallet to a network this Billfold accepts.',
    checkWallet: 'Check your wallet…',
    sign: 'Sign message',
  },
}

export type PayeeStartCatalog = typeof en

export default en
