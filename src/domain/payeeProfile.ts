import { deceptiveTextProblem } from './displayText.ts'

export const MAX_DISPLAY_NAME_LENGTH = 60
export const MAX_WEBSITE_LENGTH = 200

export type PayeeProfileDraft = { displayName: string; website: string }
export type PayeeProfile = { displayName: string; website: string | null }

/**
 * A website typed as people say it ("www.anna-design.de", "anna-design.de/shop"): a host name with
 * no scheme gets https://. Anything with a scheme (mailto:, javascript:) is left to be judged as it is.
 */
function completeWebsite(typed: string): string {
  return /^[^\s/:?#@]+\.[^\s/:?#@]+(?::\d+)?(?:[/?#]|$)/.test(typed) ? `https://${typed}` : typed
}

/**
 * The rules of a payee's public profile, as the form and the server both apply them: a name a payer
 * can read as it is (no markup, no control, bidi or invisible characters), and a website that is
 * an http(s) address (https:// added to a bare host name). Returns the profile or one sentence per field that is wrong.
 */
export function checkPayeeProfile(
  draft: PayeeProfileDraft,
): { ok: true; profile: PayeeProfile } | { ok: false; errors: Partial<Record<keyof PayeeProfileDraft, string>> } {
  const errors: Partial<Record<keyof PayeeProfileDraft, string>> = {}
  const displayName = draft.displayName.trim()
  const length = [...displayName].length
  if (length === 0) errors.displayName = 'Display name is required.'
  else if (length > MAX_DISPLAY_NAME_LENGTH)
    errors.displayName = `Display name can be at most ${MAX_DISPLAY_NAME_LENGTH} characters; it has ${length}.`
  else if (/[<>]/.test(displayName))
    errors.displayName = 'Display name cannot contain < or >: it is shown as plain text, not markup.'
  else {
    const problem = deceptiveTextProblem('Display name', displayName)
    if (problem) errors.displayName = problem
  }

  const raw = completeWebsite(draft.website.trim())
  let website: string | null = null
  if (raw) {
    let url: URL | undefined
    try {
      url = new URL(raw)
    } catch {
      url = undefined
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname)
      errors.website = 'Website must be an http:// or https:// address, e.g. https://example.com.'
    else if (raw.length > MAX_WEBSITE_LENGTH)
      errors.website = `Website can be at most ${MAX_WEBSITE_LENGTH} characters.`
    else if (url.username || url.password) errors.website = 'Website cannot contain a user name or password.'
    // A site's home is stored as written ("https://anna-design.de"), not with the slash URL adds.
    else website = url.pathname === '/' && !raw.endsWith('/') && !url.search && !url.hash ? url.origin : url.href
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, profile: { displayName, website } }
}
