import type { PdfCatalog } from './en.ts'

const fr: PdfCatalog = {
  invoice: 'Facture',
  number: 'Facture n°',
  issued: "Date d'émission",
  due: 'Échéance',
  from: 'De',
  billTo: 'Facturé à',
  taxId: 'N° TVA',
  vatId: 'N° TVA intracom.',
  description: 'Description',
  quantity: 'Qté',
  unitPrice: 'Prix unitaire',
  taxRate: 'TVA',
  amount: 'Montant',
  net: 'Total HT',
  tax: 'TVA {rate}',
  total: 'Total TTC',
  notes: 'Notes',
  payOnline: 'Payer en ligne : scannez le code ou ouvrez',
  paid: 'PAYÉE',
  paidInFull: 'Payée intégralement : il ne reste rien à payer. Les paiements reçus figurent ci-dessous.',
  payments: 'Paiements reçus sur la chaîne',
  transaction: 'Transaction',
  block: 'Bloc',
  value: 'Valeur',
  roundedPerLine: 'La TVA est arrondie à chaque ligne.',
  roundedPerRate: 'La TVA est arrondie une fois par taux, sur la somme de ses lignes.',
  signed: 'Le portefeuille du vendeur a signé le contenu de cette facture ; son empreinte keccak-256 :',
  page: 'Page {page} sur {pages}',
}

export default fr
