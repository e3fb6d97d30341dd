// The browser build: the same reader, without Node's Buffer, so the payee's page reads the file too.
import { parse } from 'csv-parse/browser/esm/sync'
import { getAddress, isAddress, zeroAddress, type Address } from 'viem'
import { AmountError, parseAmount } from './amount.ts'
import { NATIVE_ASSET } from './paymentRequest.ts'
import { sameAddress } from './sameAddress.ts'

/** The most lines one payout holds: bounded like everything a person makes Billfold work on. */
export const MAX_PAYOUT_LINES = 500
export const MAX_PAYOUT_NOTE = 140

/** A line as typed in the form or read from the file: address, amount, token, note. */
export type PayoutLineDraft = { address: string; amount: string; token: string; note?: string }
export type PayoutField = 'address' | 'amount' | 'token' | 'note' | 'lines'
/** Which rule a line breaks: the web says it in the reader's language. */
export type PayoutProblemKind =
  | 'notCsv'
  | 'columns'
  | 'noLines'
  | 'tooManyLines'
  | 'unknownToken'
  | 'missing'
  | 'notAddress'
  | 'checksum'
  | 'zeroAddress'
  | 'ownAddress'
  | 'tokenContract'
  | 'amount'
  | 'noteLong'
/** What is wrong with a line: its row (1-based, as the person counts) and field. */
export type PayoutProblem = { row: number; field: PayoutField; message: string; kind: PayoutProblemKind }
export type PayoutAsset = { address: Address | typeof NATIVE_ASSET; symbol: string; decimals: number }
export type CheckedPayoutLine = {
  line: number
  to: Address
  amount: bigint
  asset: PayoutAsset
  note: string
}

const COLUMNS = ['address', 'amount', 'token', 'note'] as const

/**
 * A payout file: comma-separated, one recipient a row (address, amount, token, note), an optional
 * header row naming those columns. A row that is not four columns or fewer is a problem of its own.
 */
export function readPayoutCsv(text: string): { drafts: PayoutLineDraft[]; problems: PayoutProblem[] } {
  let rows: string[][]
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1
    return {
      drafts: [],
      problems: [{ row: line, field: 'lines', message: 'is not a CSV row (check its quotes)', kind: 'notCsv' }],
    }
  }
  const header = rows[0]?.[0]?.toLowerCase() === 'address'
  const problems: PayoutProblem[] = []
  const drafts = (header ? rows.slice(1) : rows).map((cells, i) => {
    if (cells.length > COLUMNS.length)
      problems.push({
        row: i + 1,
        field: 'lines',
        message: `has ${cells.length} columns; a line has at most 4`,
        kind: 'columns',
      })
    return { address: cells[0] ?? '', amount: cells[1] ?? '', token: cells[2] ?? '', note: cells[3] ?? '' }
  })
  return { drafts, problems }
}

/**
 * Every line checked at once, each problem with its row and field: the recipient an address (its
 * checksum right where it has one) where money reaches someone, the amount positive in the token's
 * decimals, the token one of the chain's (by symbol or address), the note short.
 */
export function checkPayoutLines(
  drafts: readonly PayoutLineDraft[],
  { payee, assets }: { payee: string; assets: readonly PayoutAsset[] },
): { lines: CheckedPayoutLine[] } | { problems: PayoutProblem[] } {
  const problems: PayoutProblem[] = []
  if (drafts.length === 0)
    problems.push({ row: 0, field: 'lines', message: 'a payout needs at least one line', kind: 'noLines' })
  if (drafts.length > MAX_PAYOUT_LINES)
    problems.push({
      row: 0,
      field: 'lines',
      message: `has ${drafts.length} lines; a payout holds at most ${MAX_PAYOUT_LINES}`,
      kind: 'tooManyLines',
    })
  const lines: CheckedPayoutLine[] = []
  drafts.forEach((draft, i) => {
    const row = i + 1
    const problem = (field: PayoutField, message: string, kind: PayoutProblemKind) =>
      problems.push({ row, field, message, kind })
    const asset = assetOf(draft.token.trim(), assets)
    if (!asset)
      problem(
        'token',
        `"${draft.token.trim()}" is not a token of this chain (${assets.map((a) => a.symbol).join(', ')})`,
        'unknownToken',
      )
    const to = draft.address.trim()
    const wrongTo = recipientProblem(to, payee, asset)
    if (wrongTo) problem('address', wrongTo.message, wrongTo.kind)
    let amount: bigint | undefined
    if (asset)
      try {
        amount = parseAmount(draft.amount.trim(), asset.decimals)
      } catch (error) {
        if (!(error instanceof AmountError)) throw error
        problem('amount', `${error.shortMessage} (in ${asset.symbol})`, 'amount')
      }
    const note = (draft.note ?? '').trim()
    if (note.length > MAX_PAYOUT_NOTE)
      problem('note', `is ${note.length} characters; at most ${MAX_PAYOUT_NOTE}`, 'noteLong')
    if (asset && amount !== undefined && !wrongTo) lines.push({ line: row, to: getAddress(to), amount, asset, note })
  })
  return problems.length > 0 ? { problems } : { lines }
}

function assetOf(token: string, assets: readonly PayoutAsset[]): PayoutAsset | undefined {
  return assets.find(
    (a) =>
      a.symbol.toLowerCase() === token.toLowerCase() || (a.address !== NATIVE_ASSET && sameAddress(a.address, token)),
  )
}

function recipientProblem(
  to: string,
  payee: string,
  asset: PayoutAsset | undefined,
): { message: string; kind: PayoutProblemKind } | undefined {
  const says = (kind: PayoutProblemKind, message: string) => ({ kind, message })
  if (to === '') return says('missing', 'is missing')
  if (!isAddress(to, { strict: false })) return says('notAddress', `"${to}" is not an address (0x and 40 hex digits)`)
  const hex = to.slice(2)
  // All lower or all upper case carries no checksum; a mix must be the EIP-55 one.
  if (/[a-f]/.test(hex) && /[A-F]/.test(hex) && getAddress(to) !== to)
    return says('checksum', 'has a broken checksum: a character may be mistyped. Copy the address again.')
  if (getAddress(to) === zeroAddress) return says('zeroAddress', 'is the zero address: whatever is sent there is lost')
  if (sameAddress(to, payee)) return says('ownAddress', 'is your own address: nothing would be paid out')
  if (asset && asset.address !== NATIVE_ASSET && sameAddress(to, asset.address))
    return says('tokenContract', `is the ${asset.symbol} token's own contract: whatever is sent there is lost`)
  return undefined
}

/** A problem as the API says it: `Line 4, amount: …`, under the field `lines.4.amount`. */
export const payoutProblemField = (p: PayoutProblem) => (p.row === 0 ? 'lines' : `lines.${p.row}.${p.field}`)
export const payoutProblemMessage = (p: PayoutProblem) =>
  p.row === 0 ? `The payout ${p.message}.` : `Line ${p.row}, ${p.field}: ${p.message}.`
