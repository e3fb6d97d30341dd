const SEQ = /\{seq(?::(\d))?\}/g
const LITERAL = /^[A-Za-z0-9\-_/.# ]*$/
export const DEFAULT_NUMBER_PATTERN = 'INV-{seq:4}'

/** Why a number pattern cannot number invoices, or undefined: one `{seq}` or `{seq:N}` (N from 1 to 9) among plain characters. */
export function numberPatternProblem(pattern: string): string | undefined {
  const seqs = [...pattern.matchAll(SEQ)]
  if (seqs.length === 0)
    return 'Number pattern must contain {seq} (or {seq:4} for four digits) where the sequence goes.'
  if (seqs.length > 1) return 'Number pattern can contain {seq} only once.'
  if (seqs[0]![1] === '0') return 'Number pattern pads to 1–9 digits: {seq:1} to {seq:9}.'
  if (pattern.length > 40) return 'Number pattern can be at most 40 characters.'
  if (!LITERAL.test(pattern.replace(SEQ, '')))
    return 'Number pattern can hold letters, digits, spaces and - _ / . # besides {seq}.'
  return undefined
}

/** The invoice number for sequence `sequence`: `2026-{seq:4}` and 7 make `2026-0007`. */
export function invoiceNumber(pattern: string, sequence: number): string {
  return pattern.replace(SEQ, (_, width?: string) => String(sequence).padStart(Number(width ?? 1), '0'))
}

/** The sequence `number` carries under `pattern` (`2026-{seq:4}` and `2026-0007` give 7); undefined if it does not follow it. */
export function sequenceOf(pattern: string, number: string): number | undefined {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const shape = new RegExp(
    `^${pattern
      .split(/\{seq(?::\d)?\}/)
      .map(literal)
      .join('(\\d+)')}$`,
  )
  const digits = shape.exec(number)?.[1]
  return digits === undefined ? undefined : Number(digits)
}
