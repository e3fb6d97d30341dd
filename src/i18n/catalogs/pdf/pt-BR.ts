import type { PdfCatalog } from './en.ts'

const ptBR: PdfCatalog = {
  invoice: 'Fatura',
  number: 'Fatura nº',
  issued: 'Data de emissão',
  due: 'Vencimento',
  from: 'De',
  billTo: 'Cobrar de',
  taxId: 'CNPJ/CPF',
  vatId: 'Nº IVA',
  description: 'Descrição',
  quantity: 'Qtd.',
  unitPrice: 'Preço unitário',
  taxRate: 'Imposto',
  amount: 'Valor',
  net: 'Subtotal',
  tax: 'Imposto {rate}',
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
  page: 'Página {page} de {pages}',
}

export default ptBR
