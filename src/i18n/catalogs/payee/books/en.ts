/** The books (reporting currency, monthly statement) in English: the base the other languages translate. */
const en = {
  'payee/books/currency': {
    title: 'Books',
    intro:
      'Every payment you receive is valued in this currency at its block, from the chain’s Chainlink price feeds: the dashboard’s statement lists them month by month, ready for an accountant.',
    currency: 'Currency of your books',
    choose: 'Choose…',
    saved: 'Saved: your books are kept in {currency}.',
  },
  'payee/books/statement': {
    title: 'Monthly statement',
    month: 'Month',
    csv: 'Download CSV',
    print: 'Print or save as PDF',
    chooseCurrency: 'Choose the currency of your books in Settings.',
    caption:
      'Payments received in {month}, valued in {currency} at their block; refunds at the rate their request was paid at',
    date: 'Date',
    request: 'Request',
    amount: 'Amount',
    rate: 'Rate',
    value: 'Value',
    transaction: 'Transaction',
    refund: '(refund)',
    beingValued: 'being valued',
    total: 'Total',
    totalUnvalued: 'Total ({count} being valued)',
  },
}

export type BooksCatalog = typeof en
export default en
