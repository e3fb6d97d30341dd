/** What the payee's create form says in English (its money field and errors have catalogs of their own). */
const en = {
  form: {
    documentTitle: 'New request',
    title: 'New payment request',
    kind: 'What the request is priced in',
    kindToken: 'In a token (USDC, ETH…)',
    kindCurrency: 'In a currency (EUR, USD…)',
    chain: 'Chain',
    testNetwork: '{name} (test network)',
    alsoPayableOn: 'Also payable in {symbol} on (parts paid on two chains add up)',
    asset: 'Asset',
    amount: 'Amount',
    payer: 'Payer (optional): only payments from this address count',
    memo: 'Memo ({used}/{max})',
    in7Days: 'In 7 days',
    in30Days: 'In 30 days',
    endOfMonth: 'End of month',
    signing: 'Check your wallet to sign…',
    submit: 'Sign and create request',
    due: 'Due',
    duePresets: 'Due date presets',
    sameAmount:
      'Another open request of yours asks for this amount. Direct transfers (from an exchange, or a wallet scanning a QR code) could not tell these apart; add a cent or ask payers to use the wallet link.',
  },
}

export type PayeeCreateCatalog = typeof en

export default en
