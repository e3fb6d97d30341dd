import type { Address } from 'viem'
import { formatAmount } from '../../domain/amount.ts'
import { paymentUri } from '../../domain/eip681.ts'
import { NATIVE_ASSET, type Asset } from '../../domain/paymentRequest.ts'
import { tillUnit } from '../../domain/pos/tillDraft.ts'
import type { Sale } from './chargeSale.ts'
import type { DayReport } from './dayReport.ts'
import type { TillRow } from './tills.ts'

// Tills, sales and reports as the REST API shows them: amounts as decimal strings, the till's unit named.

const unitOf = (till: TillRow, asset: Asset | undefined) =>
  asset ? tillUnit(till, asset) : { symbol: till.currency ?? '', decimals: 18 }

export function publicTill(till: TillRow, asset: Asset | undefined, publicUrl: string) {
  const unit = unitOf(till, asset)
  return {
    id: till.id,
    name: till.name,
    chainId: till.chainId,
    asset: till.asset,
    assetSymbol: asset?.symbol ?? null,
    currency: till.currency,
    unit: unit.symbol,
    items: till.items.map((i) => ({ name: i.name, price: formatAmount(BigInt(i.price), unit.decimals) })),
    tips: till.tipsBps.map((bps) => formatAmount(BigInt(bps), 2)),
    linkUrl: new URL(`/till/${till.id}`, publicUrl).href,
    createdAt: till.createdAt.toISOString(),
  }
}

/** A charged sale; `shown` is its request as the API shows requests. */
export function publicSale({ sale, request, till }: Sale, asset: Asset, shown: object) {
  const { decimals } = tillUnit(till, asset)
  const subtotal = BigInt(sale.subtotal)
  const tip = BigInt(sale.tip)
  return {
    id: sale.id,
    tillId: till.id,
    subtotal: formatAmount(subtotal, decimals),
    tip: formatAmount(tip, decimals),
    total: formatAmount(subtotal + tip, decimals),
    paymentUri: paymentUri({
      chainId: request.chainId,
      asset: request.asset === NATIVE_ASSET ? NATIVE_ASSET : (request.asset as Address),
      payee: request.payee as Address,
      amount: BigInt(request.amount),
    }),
    request: shown,
  }
}

export function publicReport(report: DayReport) {
  const inUnit = (value: bigint) => formatAmount(value, report.unit.decimals)
  const inToken = (value: bigint) => formatAmount(value, report.asset.decimals)
  return {
    tillId: report.till.id,
    unit: report.unit.symbol,
    assetSymbol: report.asset.symbol,
    from: report.from.toISOString(),
    to: report.to.toISOString(),
    paidCount: report.paid.count,
    subtotal: inUnit(report.paid.subtotal),
    tips: inUnit(report.paid.tips),
    total: inUnit(report.paid.total),
    received: inToken(report.paid.received),
    tipsReceived: inToken(report.paid.tipsReceived),
    lines: report.lines.map((l) => ({
      saleId: l.saleId,
      requestId: l.requestId,
      at: l.at.toISOString(),
      status: l.status,
      subtotal: inUnit(l.subtotal),
      tip: inUnit(l.tip),
      total: inUnit(l.total),
      received: inToken(l.received),
      tipReceived: inToken(l.tipReceived),
    })),
  }
}

const text = { type: 'string' } as const
const decimal = (description: string) => ({ type: 'string', description }) as const
const object = (properties: Record<string, object>) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
})

/** The same shapes as JSON Schema, for the OpenAPI document. */
export const tillSchemas = {
  Till: object({
    id: text,
    name: text,
    chainId: { type: 'integer' },
    asset: decimal('The token a sale is paid in (an address or "native").'),
    assetSymbol: { type: ['string', 'null'] },
    currency: { type: ['string', 'null'], description: 'The shop’s currency, or null for a till in the token.' },
    unit: decimal('What the till counts in: the currency code or the token’s symbol.'),
    items: { type: 'array', items: object({ name: text, price: decimal('A decimal in the till’s unit.') }) },
    tips: { type: 'array', items: decimal('A tip choice in percent, such as "10".') },
    linkUrl: decimal('The till’s fixed link (an NFC tag, a printed code): it opens the current sale.'),
    createdAt: { type: 'string', format: 'date-time' },
  }),
  TillSale: object({
    id: text,
    tillId: text,
    subtotal: decimal('In the till’s unit.'),
    tip: decimal('In the till’s unit.'),
    total: decimal('In the till’s unit.'),
    paymentUri: decimal(
      'EIP-681: the exact amount to the payee, for a wallet that scans it; a plain transfer of it is matched by its amount.',
    ),
    request: { $ref: '#/components/schemas/PaymentRequest' },
  }),
  TillReport: object({
    tillId: text,
    unit: text,
    assetSymbol: text,
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    paidCount: { type: 'integer' },
    subtotal: decimal('Paid sales, in the till’s unit.'),
    tips: decimal('Their tips, in the till’s unit.'),
    total: decimal('In the till’s unit.'),
    received: decimal('What the payers sent, in the token.'),
    tipsReceived: decimal('The tips’ share of it, in the token.'),
    lines: {
      type: 'array',
      description: 'Every sale charged in the span, oldest first; only the paid ones count in the sums.',
      items: object({
        saleId: text,
        requestId: text,
        at: { type: 'string', format: 'date-time' },
        status: text,
        subtotal: text,
        tip: text,
        total: text,
        received: decimal('In the token.'),
        tipReceived: decimal('In the token.'),
      }),
    },
  }),
}
