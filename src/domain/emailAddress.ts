/** RFC 5321's limit on an address's length. */
export const MAX_EMAIL_LENGTH = 254
// One address, no display name, no spaces or line breaks: nothing a mail header could be split on.
const EMAIL = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/
// Control characters anywhere, even at an end a trim would cut: a line break is how a header is injected.
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f]/

/** What is wrong with a typed e-mail address (named by `field`), or undefined; the text is judged as typed. */
export function emailProblem(field: string, typed: string): string | undefined {
  if (CONTROL.test(typed)) return `${field} must be one address with no line breaks or control characters.`
  const text = typed.trim()
  if (text.length > MAX_EMAIL_LENGTH) return `${field} can be at most ${MAX_EMAIL_LENGTH} characters.`
  if (!EMAIL.test(text)) return `${field} must be one address such as name@example.com, with no spaces.`
  return undefined
}
