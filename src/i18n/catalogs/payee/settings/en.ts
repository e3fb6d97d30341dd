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
  email: {
    title: 'E-mail',
    off: 'E-mail is off on this Billfold: whoever runs it has not connected a mail server yet. Once they do, you can confirm an address here and get the notices you choose (a request paid or expired, a refund confirmed, a webhook failing, a relayer running low), and payers can get their receipts and your recurring requests by e-mail.',
    notices: 'E-mail notices',
    address: 'Address',
    language: 'Language',
    tellMe: 'Tell me when',
    confirmed: '{address} is confirmed.',
    linkSent: 'A confirmation link was sent to {address}: nothing else is sent there until it is followed.',
    saving: 'Saving…',
    save: 'Save e-mail settings',
  },
  notices: {
    paid: 'A request is paid',
    partially_paid: 'A request is partly paid',
    overpaid: 'A request is paid more than asked',
    expired: 'A request expires unpaid',
    unmatched: 'A transfer matches no request',
    refunded: 'A refund is confirmed on chain',
    webhook_failing: 'A webhook endpoint has been failing for an hour',
    relayer_low: 'A relayer is running low',
    relayer_paused: 'A relayer pauses payments without gas (too many failed relays)',
  },
}

export type PayeeSettingsCatalog = typeof en

export default en
