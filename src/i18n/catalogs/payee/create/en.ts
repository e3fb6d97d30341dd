/** What the payee's create form says in English (its money field and errors have catalogs of their own). */
const en = {
  form: {
    due: 'Due',
    duePresets: 'Due date presets',
    sameAmount:
      'Another open request of yours asks for this amount. Direct transfers (from an exchange, or a wallet scanning a QR code) could not tell these apart; add a cent or ask payers to use the wallet link.',
  },
}

export type PayeeCreateCatalog = typeof en

export default en
