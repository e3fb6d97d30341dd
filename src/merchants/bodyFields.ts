import { badInput } from '../domain/errors/input.ts'

/**
 * A REST body read field by field: each wrong type named in `errors`, nothing guessed (a JSON
 * number for an amount loses digits, so `amountExample` shows the string to send instead).
 */
export function bodyFields(body: unknown, amountExample: string) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('body', 'must be a JSON object.')
  const b = body as Record<string, unknown>
  const errors: Record<string, string | undefined> = {}
  const text = (field: string, optional = false) => {
    const value = b[field]
    if (value === undefined || value === null) {
      if (!optional) errors[field] = `${field} is required.`
      return null
    }
    if (typeof value !== 'string')
      errors[field] =
        field === 'amount'
          ? `amount must be a string of the decimal amount, e.g. "${amountExample}": a JSON number can lose digits.`
          : `${field} must be a string.`
    return typeof value === 'string' ? value : null
  }
  const integer = (field: string, optional = false) => {
    const value = b[field]
    if (value === undefined || value === null) {
      if (!optional) errors[field] = `${field} is required.`
      return null
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) errors[field] = `${field} must be a whole number.`
    return typeof value === 'number' ? value : null
  }
  return { b, errors, text, integer }
}
