import type { FiatCurrency } from '../../../domain/currencies.ts'
import { badInput } from '../../../domain/errors/input.ts'
import type { BookLine } from '../../../payments/books/bookLines.ts'
import { accountFor, type AccountingSettings } from '../../../payments/books/accountingSettings.ts'
import { revenueRole, taxKey } from '../../../domain/books/chartOfAccounts.ts'
import { column, DATEV_COLUMNS } from './datevColumns.ts'
import { moneyText, splitByWeights } from './moneyText.ts'
import { chainNameOf } from '../../../chain/chains.ts'

/** A text field: quoted, its quotes doubled, line breaks made spaces, cut to DATEV's length for it. */
const text = (value: string, max: number) =>
  `"${value
    .replace(/[\r\n\t]+/g, ' ')
    .slice(0, max)
    .replace(/"/g, '""')}"`

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '')
/** Belegdatum: day and month (TTMM); the year is the batch's, in the header. */
const ddmm = (date: Date) => `${date.toISOString().slice(8, 10)}${date.toISOString().slice(5, 7)}`
/** DATEV's creation stamp: YYYYMMDDHHMMSSFFF. */
const stamp = (date: Date) => date.toISOString().replace(/\D/g, '').slice(0, 17)
/** Belegfeld 1 takes up to 36 of A–Z, 0–9 and $ & % * + - /; any other character becomes a hyphen. */
const documentField = (value: string) => value.replace(/[^A-Za-z0-9$&%*+\-/]/g, '-').slice(0, 36)
const germanDecimal = (decimal: string) => decimal.replace('.', ',')

/** The first day of the fiscal year `date` falls in, and of the next. */
function fiscalYearOf(date: Date, startMonth: number): { begin: Date; next: Date } {
  const year = date.getUTCMonth() + 1 >= startMonth ? date.getUTCFullYear() : date.getUTCFullYear() - 1
  return { begin: new Date(Date.UTC(year, startMonth - 1, 1)), next: new Date(Date.UTC(year + 1, startMonth - 1, 1)) }
}

/**
 * The header line DATEV documents for a Buchungsstapel, its 31 fields in order: EXTF, version 700,
 * category 21, format name and version 13, created at, (imported), origin, exported by, (imported by),
 * consultant, client, fiscal year start, account length, date from, date to, name, (dictation),
 * booking type 1 (financial accounting), accounting purpose 0, fixation 0 (not fixed, so the
 * accountant can still correct it), currency, (reserved), (derivative), (reserved ×2), chart, (industry),
 * (reserved ×2), (application info).
 */
function headerLine(
  settings: AccountingSettings,
  currency: FiatCurrency,
  range: { from: Date; last: Date },
  begin: Date,
  createdAt: Date,
): string {
  return [
    text('EXTF', 4),
    '700',
    '21',
    text('Buchungsstapel', 14),
    '13',
    stamp(createdAt),
    '',
    text('RE', 2),
    text('Billfold', 25),
    text('', 25),
    String(settings.consultantNumber),
    String(settings.clientNumber),
    ymd(begin),
    String(settings.accountLength),
    ymd(range.from),
    ymd(range.last),
    text(`Billfold ${ymd(range.from)}-${ymd(range.last)}`, 30),
    text('', 2),
    '1',
    '0',
    '0',
    text(currency.code, 3),
    '',
    text('', 0),
    '',
    '',
    text(settings.chart.slice(3), 2),
    '',
    '',
    text('', 0),
    text('', 0),
  ].join(';')
}

/** The most bookings DATEV imports in one batch. */
const MAX_BOOKINGS = 99_999

const KIND_TEXT = { payment: 'Zahlung', refund: 'Erstattung', fee: 'Relayer-Gebühr', payout: 'Auszahlung' } as const

/** One booking's 125 fields: the amount unsigned, its direction as S (into the clearing account) or H (out of it). */
function bookingFields(
  line: BookLine,
  part: { value: bigint; account: string; taxKey: string },
  clearing: string,
  currency: FiatCurrency,
): string {
  const fields = DATEV_COLUMNS.map(() => '')
  const set = (name: string, value: string) => (fields[column(name)] = value)
  set(
    'Umsatz (ohne Soll/Haben-Kz)',
    moneyText(part.value < 0n ? -part.value : part.value, currency.minorDigits, { digits: 2, comma: true }),
  )
  set('Soll/Haben-Kennzeichen', text(part.value < 0n ? 'H' : 'S', 1))
  set('WKZ Umsatz', text(currency.code, 3))
  set('Konto', clearing)
  set('Gegenkonto (ohne BU-Schlüssel)', part.account)
  set('BU-Schlüssel', part.taxKey && text(part.taxKey, 4))
  set('Belegdatum', ddmm(line.date))
  set('Belegfeld 1', text(documentField(line.document), 36))
  set(
    'Buchungstext',
    text(`${KIND_TEXT[line.kind]} ${germanDecimal(line.tokenAmount)} ${line.symbol} ${line.counterparty}`, 60),
  )
  set('Zusatzinformation - Art 1', text('Token-Betrag', 20))
  set('Zusatzinformation- Inhalt 1', text(`${germanDecimal(line.tokenAmount)} ${line.symbol}`, 210))
  set('Zusatzinformation - Art 2', text('Kursquelle', 20))
  set('Zusatzinformation- Inhalt 2', text(line.rateSource, 210))
  set('Zusatzinformation - Art 3', text('Transaktion', 20))
  set('Zusatzinformation- Inhalt 3', text(`eip155:${line.chainId}:${line.txHash}`, 210))
  if (line.memo) {
    set('Zusatzinformation - Art 4', text('Notiz', 20))
    set('Zusatzinformation- Inhalt 4', text(line.memo, 210))
  }
  set('Zusatzinformation - Art 5', text('Blockchain', 20))
  set('Zusatzinformation- Inhalt 5', text(`${chainNameOf(line.chainId)} (${line.chainId})`, 210))
  set('Festschreibung', '0')
  return fields.join(';')
}

/**
 * A payment's or refund's value by revenue account: across its invoice's tax rates in proportion to
 * each rate's gross (to the minor unit), or whole to plain revenue without an invoice; a fee's to fees, a payout line's to payouts.
 */
function bookingParts(line: BookLine, settings: AccountingSettings) {
  const value = line.value!
  if (line.kind === 'fee') return [{ value, account: accountFor(settings, 'fees').account, taxKey: '' }]
  if (line.kind === 'payout') return [{ value, account: accountFor(settings, 'payouts').account, taxKey: '' }]
  const shares = line.taxShares?.length ? line.taxShares : [{ rate: null, gross: 1n }]
  const values = splitByWeights(
    value,
    shares.map((s) => s.gross),
  )
  return shares.map((share, i) => {
    const { account, own } = accountFor(settings, revenueRole(share.rate))
    // An automatic account derives the tax itself; a payee's own account is given the tax key.
    return { value: values[i]!, account, taxKey: own ? taxKey(share.rate) : '' }
  })
}

/**
 * The DATEV EXTF Buchungsstapel of the lines in [from, to): header, column names, one booking per
 * line and revenue account, CRLF; lines not valued yet are left out (`skipped`), as DATEV books no
 * line without an amount. The period must lie in one fiscal year, as DATEV's batch must.
 */
export function datevExtf({
  settings,
  currency,
  range,
  lines,
  createdAt,
}: {
  settings: AccountingSettings
  currency: FiatCurrency
  range: { from: Date; to: Date }
  lines: readonly BookLine[]
  createdAt: Date
}): { text: string; skipped: number } {
  const last = new Date(range.to.getTime() - 24 * 60 * 60 * 1000)
  const { begin, next } = fiscalYearOf(range.from, settings.fiscalYearStart)
  if (range.to.getTime() > next.getTime())
    throw badInput('to', `must lie in the fiscal year starting ${ymd(begin)}: a DATEV batch holds one fiscal year.`)
  const clearing = accountFor(settings, 'clearing').account
  const rows: string[] = []
  let skipped = 0
  for (const line of lines) {
    if (line.value === null) {
      skipped++
      continue
    }
    for (const part of bookingParts(line, settings))
      if (part.value !== 0n) rows.push(bookingFields(line, part, clearing, currency))
  }
  if (rows.length > MAX_BOOKINGS)
    throw badInput(
      'to',
      `gives ${rows.length} bookings; a DATEV batch holds at most ${MAX_BOOKINGS}: export a shorter period.`,
    )
  const header = headerLine(settings, currency, { from: range.from, last }, begin, createdAt)
  return { text: [header, DATEV_COLUMNS.join(';'), ...rows].map((row) => `${row}\r\n`).join(''), skipped }
}
