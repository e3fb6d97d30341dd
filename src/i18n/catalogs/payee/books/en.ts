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
  'payee/books/export': {
    title: 'Export for your accounting software',
    intro:
      'Files DATEV, Xero and QuickBooks Online import as they are: each payment, refund and relayer fee a line of its own, valued in your books’ currency at its block, with the token amount and the rate’s source.',
    format: 'File',
    datev: 'DATEV – booking batch (EXTF)',
    xeroStatement: 'Xero – bank statement',
    xeroInvoices: 'Xero – sales invoices',
    quickbooksStatement: 'QuickBooks Online – bank transactions',
    quickbooksInvoices: 'QuickBooks Online – invoices',
    from: 'From',
    to: 'To',
    download: 'Download',
    datevHint: 'The DATEV file books to the chart of accounts and numbers set in Settings.',
  },
  'payee/books/accounting': {
    title: 'DATEV export',
    intro:
      'The chart of accounts and numbers your DATEV export is booked with. Ask your tax adviser for the consultant and client numbers; an account left empty is the chart’s own.',
    chart: 'Chart of accounts',
    consultantNumber: 'Consultant number',
    clientNumber: 'Client number',
    fiscalYearStart: 'Fiscal year starts in',
    accountLength: 'Account number length',
    accounts: 'Accounts',
    clearing: 'Crypto clearing account',
    revenueStandard: 'Revenue at 19 % tax',
    revenueReduced: 'Revenue at 7 % tax',
    revenueTaxFree: 'Tax-free revenue',
    revenue: 'Revenue without an invoice',
    fees: 'Relayer fees',
    payouts: 'Payouts to others',
    save: 'Save',
    saved: 'Saved.',
  },
}

export type BooksCatalog = typeof en
export default en
