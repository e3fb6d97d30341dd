/** The page a till's fixed link opens, in English: the base the other languages translate. */
const en = {
  'payer/till/link': {
    title: 'Pay at the till',
    opening: 'Opening the sale…',
    waiting: 'No sale is waiting at this till yet: this page opens it as soon as the cashier charges one.',
    notFound: 'This till does not exist or is closed.',
  },
}

export type TillLinkCatalog = typeof en
export default en
