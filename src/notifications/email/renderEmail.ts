import { emailCatalog, type EmailCatalog } from './emailCatalog.ts'

/** The kinds of e-mail, each a message of the catalog. */
export type EmailKind = Exclude<keyof EmailCatalog, 'footer' | 'page'>

/** The notices a payee may choose to hear about. */
export const PAYEE_NOTICES = [
  'paid',
  'partially_paid',
  'overpaid',
  'expired',
  'unmatched',
  'refunded',
  'webhook_failing',
  'relayer_low',
  'relayer_paused',
] as const satisfies readonly EmailKind[]

export type RenderedEmail = { subject: string; text: string; html: string }

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
// Words joined by dots, found in one pass (a run starts only where a word does). A run is a host name
// as mail clients link one without a scheme when a label after a dot is a top-level domain's (letters,
// or an IDN's `xn--`): 1.5, 1,234.56, v2.0.1, e.g. and Mr. Smith are not, and are left alone.
const DOTTED = /(?<![\p{L}\p{N}_-])[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu
const TOP_LEVEL = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu
const defangHost = (run: string) => {
  const labels = run.split('.')
  return labels.slice(1).some((label) => TOP_LEVEL.test(label)) ? labels.join('[.]') : run
}
// Control characters (a line break in a memo) would split a header or a line: spaces instead. A web
// address in a memo or a name is defanged (https[:]//, evil[.]example, www[.]evil[.]example), so no
// mail client links it: an e-mail's only links are Billfold's own.
export const asFact = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- the control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replaceAll('://', '[:]//')
    .replace(DOTTED, defangHost)

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

const asFacts = (facts: Record<string, string>) =>
  Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, asFact(v)]))

/**
 * An e-mail in the recipient's language, as text and as simple HTML: the catalog's words with the
 * facts filled in (every one as plain text, escaped in the HTML), the action's link, and the footer
 * saying why it came with the link that refuses all e-mail. Links are Billfold's own pages only.
 * `parts`, for a kind whose body has them (a receipt of payments on several chains), are each a
 * line of its own, filled in the same way.
 */
export function renderEmail({
  kind,
  language,
  facts,
  parts,
  link,
  audience,
  site,
  unsubscribeLink,
}: {
  kind: EmailKind
  language: string | null
  facts: Record<string, string>
  parts?: readonly Record<string, string>[] | undefined
  link: string
  audience: 'payee' | 'payer' | 'anyone'
  site: string
  unsubscribeLink: string
}): RenderedEmail {
  const catalog = emailCatalog(language)
  const values = { ...asFacts(facts), site }
  const subject = fill(catalog[kind].subject, values)
  const words: { body: string; bodyInParts?: string; part?: string } = catalog[kind]
  const body =
    parts && words.bodyInParts && words.part
      ? fill(words.bodyInParts, { ...values, link, parts: parts.map((p) => fill(words.part!, asFacts(p))).join('\n') })
      : fill(words.body, { ...values, link })
  const footer = [
    audience === 'anyone' ? undefined : fill(catalog.footer[audience], values),
    fill(catalog.footer.unsubscribe, { site, link: unsubscribeLink }),
  ].filter((line): line is string => line !== undefined)
  const text = [body, '', '—', ...footer].join('\n')
  const links = [link, unsubscribeLink].map(escapeHtml)
  const htmlLine = (line: string) =>
    links.reduce((html, url) => html.split(url).join(`<a href="${url}">${url}</a>`), escapeHtml(line))
  const html = `<!doctype html><html lang="${escapeHtml(language ?? 'en')}"><body style="font-family:sans-serif;line-height:1.5">${body
    .split('\n')
    .map((line) => `<p>${htmlLine(line)}</p>`)
    .join('')}<hr><p style="color:#666;font-size:small">${footer.map(htmlLine).join('<br>')}</p></body></html>`
  return { subject, text, html }
}
