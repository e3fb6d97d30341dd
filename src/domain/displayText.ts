/**
 * Characters that let text lie about itself when shown to someone else: control characters (line
 * breaks draw fake lines, NUL breaks storage), format characters (bidi overrides reverse what is
 * read; zero-width ones hide what is there) and the line and paragraph separators.
 */
const DECEPTIVE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/u

/**
 * Why `text` cannot be shown as typed, naming the first offending character, or undefined when it
 * is fine. `field` is the name the person knows the input by.
 */
export function deceptiveTextProblem(field: string, text: string): string | undefined {
  const match = DECEPTIVE.exec(text)
  if (!match) return undefined
  const code = match[0].codePointAt(0)!
  const kind =
    code < 0x20 || (code >= 0x7f && code < 0xa0)
      ? code === 0x0a || code === 0x0d
        ? 'a line break'
        : 'a control character'
      : 'an invisible or direction-changing character'
  const position = [...text.slice(0, match.index)].length + 1
  return `${field} cannot contain ${kind} (U+${code.toString(16).toUpperCase().padStart(4, '0')} at character ${position}): it could make the text read differently from what it is.`
}
