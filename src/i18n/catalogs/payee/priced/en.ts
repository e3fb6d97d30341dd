/** The request priced in a currency, in English: the base the other languages translate. */
const en = {
  'payee/priced/form': {
    title: 'New request priced in a currency',
    intro:
      'The payer chooses one of the tokens you accept and pays at a rate from the chain’s Chainlink price feeds, held for a few minutes and signed by a key your wallet authorises once.',
    chain: 'Chain',
    testNetwork: '{name} (test network)',
    currency: 'Currency',
    price: 'Price',
    priceRequired: 'Type the price.',
    tolerance: 'Tolerance in % (optional, at most {max}): a payment this close to the price counts as paid',
    signing: 'Check your wallet to sign…',
    submit: 'Sign and create request',
  },
  'payee/priced/tokens': {
    legend: 'Tokens the payer may pay in',
  },
}

export type PricedCatalog = typeof en
export default en
