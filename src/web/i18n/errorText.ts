import en from '../../i18n/catalogs/errors/en.ts'
import { i18n } from './i18n.ts'

export const apiErrorText = i18n('errors/apiErrors', en.apiErrors)
export const inputErrorText = i18n('errors/inputErrors', en.inputErrors)
// Read in render by fieldErrorOf, not only through useStore: kept listened to so they follow the language.
apiErrorText.listen(() => {})
inputErrorText.listen(() => {})

export type InputErrorKey = keyof typeof en.inputErrors

/**
 * The limits the sentences quote: the checks' own constants, written out so the frame does not load
 * every check to say an error (errorCatalogs.test.ts holds them equal).
 */
export const INPUT_LIMITS: Partial<Record<string, Record<string, number>>> = {
  memo: { max: 280 },
  tolerance: { max: 5 },
  count: { max: 520 },
  dueDays: { max: 365 },
  notes: { max: 1000 },
  lines: { max: 1000 },
  'lines.description': { max: 200 },
  displayName: { max: 60 },
  website: { max: 200 },
  expiresAt: { max: 1825 },
}

/** Fills `{name}` from `values`, leaving any other brace (an invoice pattern's `{seq:4}`) as written. */
export const fillSentence = (text: string, values: Readonly<Record<string, string | number>>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

/**
 * The sentence for a field at fault, by its path as the API names it (`lines[2].quantity` is line 3's
 * quantity; a field without its own sentence gets a general one); `scope` picks a form's own sentence where two forms use one name (the seller's address).
 */
export function inputErrorSentence(
  path: string,
  scope?: 'seller',
  said?: { problem: string; values: Readonly<Record<string, string | number>> },
): string {
  const texts: Record<string, string> = inputErrorText.get()
  // The API's word for the problem picks a more precise sentence, when the catalog has one.
  const precise = said && `${path}.${said.problem}` in texts ? `${path}.${said.problem}` : undefined
  const key = precise ?? inputErrorKey(path, scope, texts)
  const line = /^lines\[(\d+)\]/.exec(path)
  return fillSentence(texts[key]!, {
    ...INPUT_LIMITS[key],
    ...(line && { line: Number(line[1]) + 1 }),
    ...(precise && said!.values),
  })
}

/** The catalog key of a field's path: its own, the form's own (`seller.address`), a line's, or `other`. */
export function inputErrorKey(path: string, scope: 'seller' | undefined, texts: Record<string, string>): InputErrorKey {
  const line = /^lines\[\d+\]\.(\w+)$/.exec(path)
  const key = line ? `lines.${line[1]}` : scope && `${scope}.${path}` in texts ? `${scope}.${path}` : path
  return (key in texts ? key : 'other') as InputErrorKey
}

/** The sentence for an error code in the shown language, or undefined for a code Billfold does not send. */
export const apiErrorSentence = (code: string): string | undefined =>
  (apiErrorText.get() as Record<string, string>)[code]

/**
 * The check's problems as sentences in the shown language, field by field: the checks shared with the
 * server word their problems for API clients, which a form does not show.
 */
export function inputErrorSentences<Errors extends Readonly<Record<string, string | undefined>>>(
  errors: Errors,
  scope?: 'seller',
): Errors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, problem]) => [path, problem && inputErrorSentence(path, scope)]),
  ) as Errors
}
