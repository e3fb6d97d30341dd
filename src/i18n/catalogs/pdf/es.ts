import type { PdfCatalog } from './en.ts'

const es: PdfCatalog = {
  invoice: 'Factura',
  number: 'Factura n.º',
  issued: 'Fecha de emisión',
  due: 'Vencimiento',
  from: 'De',
  billTo: 'Facturar a',
  taxId: 'NIF',
  vatId: 'NIF-IVA',
  description: 'Descripción',
  quantity: 'Cant.',
  unitPrice: 'Precio unitario',
  taxRate: 'Impuesto',
  amount: 'Importe',
  net: 'Base imponible',
  tax: 'Impuesto {rate}',
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
  page: 'Página {page} de {pages}',
}

export default es
