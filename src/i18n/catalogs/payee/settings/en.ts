/** What the payee's settings page says in English (each panel of another area has its own catalog). */
const en = {
  page: {
    title: 'Settings',
    sessions: 'Sessions',
  },
  profile: {
    title: 'Your name for payers',
    hint: 'Shown on your pay pages and receipts beside your address, marked as what you call yourself.',
    displayName: 'Display name',
    website: 'Website (optional)',
    saving: 'Saving…',
    save: 'Save',
    saved: 'Saved.',
  },
}

export type PayeeSettingsCatalog = typeof en

export default en
