import type { TillLinkCatalog } from './en.ts'

const de: TillLinkCatalog = {
  'payer/till/link': {
    title: 'An der Kasse bezahlen',
    opening: 'Der Verkauf wird geöffnet…',
    waiting: 'An dieser Kasse wartet noch kein Verkauf: Diese Seite öffnet ihn, sobald die Kasse ihn kassiert.',
    notFound: 'Diese Kasse gibt es nicht oder sie ist geschlossen.',
  },
}

export default de
