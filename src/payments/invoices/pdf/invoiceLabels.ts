import type { Locale } from '../../../domain/locales.ts'

/** The words of an invoice's PDF, in the six languages of the pay page. */
export type InvoiceLabels = {
  invoice: string
  number: string
  issued: string
  due: string
  from: string
  billTo: string
  taxId: string
  description: string
  quantity: string
  unitPrice: string
  taxRate: string
  amount: string
  net: string
  tax: (rate: string) => string
  total: string
  notes: string
  payOnline: string
  paid: string
  /** In place of the pay link once paid. */
  paidInFull: string
  payments: string
  transaction: string
  block: string
  value: string
  roundedPerLine: string
  roundedPerRate: string
  signed: string
  page: (page: number, pages: number) => string
}

const en: InvoiceLabels = {
  invoice: 'Invoice',
  number: 'Invoice no.',
  issued: 'Issue date',
  due: 'Due date',
  from: 'From',
  billTo: 'Bill to',
  taxId: 'Tax id',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  taxRate: 'Tax',
  amount: 'Amount',
  net: 'Net',
  tax: (rate) => `Tax ${rate}`,
  total: 'Total',
  notes: 'Notes',
  payOnline: 'Pay online: scan the code or open',
  paid: 'PAID',
  paidInFull: 'Paid in full: nothing is left to pay. The payments received are listed below.',
  payments: 'Payments received on chain',
  transaction: 'Transaction',
  block: 'Block',
  value: 'Value',
  roundedPerLine: 'Tax is rounded on each line.',
  roundedPerRate: 'Tax is rounded once per rate, on the sum of its lines.',
  signed: "The seller's wallet signed this invoice's content; its keccak-256 hash:",
  page: (page, pages) => `Page ${page} of ${pages}`,
}

export const invoiceLabels: Record<Locale, InvoiceLabels> = {
  en,
  de: {
    invoice: 'Rechnung',
    number: 'Rechnungsnr.',
    issued: 'Rechnungsdatum',
    due: 'Fällig am',
    from: 'Von',
    billTo: 'Rechnung an',
    taxId: 'USt-IdNr.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    taxRate: 'USt.',
    amount: 'Betrag',
    net: 'Netto',
    tax: (rate) => `USt. ${rate}`,
    total: 'Gesamt',
    notes: 'Hinweise',
    payOnline: 'Online bezahlen: Code scannen oder öffnen',
    paid: 'BEZAHLT',
    paidInFull: 'Vollständig bezahlt: Es ist nichts mehr zu zahlen. Die erhaltenen Zahlungen stehen unten.',
    payments: 'On-Chain erhaltene Zahlungen',
    transaction: 'Transaktion',
    block: 'Block',
    value: 'Wert',
    roundedPerLine: 'Die Steuer wird je Position gerundet.',
    roundedPerRate: 'Die Steuer wird je Steuersatz auf die Summe gerundet.',
    signed: 'Die Wallet des Verkäufers hat den Inhalt dieser Rechnung signiert; sein Keccak-256-Hash:',
    page: (page, pages) => `Seite ${page} von ${pages}`,
  },
  es: {
    invoice: 'Factura',
    number: 'Factura n.º',
    issued: 'Fecha de emisión',
    due: 'Vencimiento',
    from: 'De',
    billTo: 'Facturar a',
    taxId: 'NIF',
    description: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    taxRate: 'Impuesto',
    amount: 'Importe',
    net: 'Base imponible',
    tax: (rate) => `Impuesto ${rate}`,
    total: 'Total',
    notes: 'Notas',
    payOnline: 'Pague en línea: escanee el código o abra',
    paid: 'PAGADA',
    paidInFull: 'Pagada por completo: no queda nada por pagar. Los pagos recibidos figuran abajo.',
    payments: 'Pagos recibidos en la cadena',
    transaction: 'Transacción',
    block: 'Bloque',
    value: 'Valor',
    roundedPerLine: 'El impuesto se redondea en cada línea.',
    roundedPerRate: 'El impuesto se redondea una vez por tipo, sobre la suma de sus líneas.',
    signed: 'La billetera del vendedor firmó el contenido de esta factura; su hash keccak-256:',
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
  fr: {
    invoice: 'Facture',
    number: 'Facture n°',
    issued: "Date d'émission",
    due: 'Échéance',
    from: 'De',
    billTo: 'Facturé à',
    taxId: 'N° TVA',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    taxRate: 'TVA',
    amount: 'Montant',
    net: 'Total HT',
    tax: (rate) => `TVA ${rate}`,
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
    page: (page, pages) => `Page ${page} sur ${pages}`,
  },
  'pt-BR': {
    invoice: 'Fatura',
    number: 'Fatura nº',
    issued: 'Data de emissão',
    due: 'Vencimento',
    from: 'De',
    billTo: 'Cobrar de',
    taxId: 'CNPJ/CPF',
    description: 'Descrição',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    taxRate: 'Imposto',
    amount: 'Valor',
    net: 'Subtotal',
    tax: (rate) => `Imposto ${rate}`,
    total: 'Total',
    notes: 'Observações',
    payOnline: 'Pague online: escaneie o código ou abra',
    paid: 'PAGA',
    paidInFull: 'Paga integralmente: não há nada a pagar. Os pagamentos recebidos estão listados abaixo.',
    payments: 'Pagamentos recebidos na rede',
    transaction: 'Transação',
    block: 'Bloco',
    value: 'Valor',
    roundedPerLine: 'O imposto é arredondado em cada linha.',
    roundedPerRate: 'O imposto é arredondado uma vez por alíquota, sobre a soma das linhas.',
    signed: 'A carteira do vendedor assinou o conteúdo desta fatura; seu hash keccak-256:',
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
  ja: {
    invoice: '請求書',
    number: '請求書番号',
    issued: '発行日',
    due: 'お支払期限',
    from: '請求元',
    billTo: '請求先',
    taxId: '登録番号',
    description: '品目',
    quantity: '数量',
    unitPrice: '単価',
    taxRate: '税率',
    amount: '金額',
    net: '小計',
    tax: (rate) => `消費税 ${rate}`,
    total: '合計',
    notes: '備考',
    payOnline: 'オンライン支払い：コードを読み取るか次を開く',
    paid: '支払済',
    paidInFull: '全額支払済みです。お支払いいただく金額はありません。受領した支払いは下記のとおりです。',
    payments: 'オンチェーンで受領した支払い',
    transaction: 'トランザクション',
    block: 'ブロック',
    value: '金額換算',
    roundedPerLine: '消費税は明細ごとに端数処理しています。',
    roundedPerRate: '消費税は税率ごとの合計で端数処理しています。',
    signed: '売り手のウォレットがこの請求書の内容に署名しました。keccak-256 ハッシュ：',
    page: (page, pages) => `${page} / ${pages} ページ`,
  },
}
