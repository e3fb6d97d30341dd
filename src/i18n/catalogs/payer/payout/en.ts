/** A payout recipient's receipt in English: the base the other languages translate. */
const en = {
  'payer/payout/receipt': {
    title: 'Payment receipt',
    loading: 'Loading the receipt…',
    notPaid: 'This payment is prepared but not paid yet: it shows here as paid once the chain has its transfer.',
    amount: 'Amount',
    from: 'Paid by',
    to: 'Paid to',
    on: 'Paid on',
    chain: 'Network',
    note: 'Note',
    transaction: 'Transaction',
    reference: 'Reference',
    print: 'Print or save as PDF',
  },
}

export default en
export type PayoutReceiptCatalog = typeof en
