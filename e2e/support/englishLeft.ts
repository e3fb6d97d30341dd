import type { Page } from 'playwright-core'

type Catalog = Record<string, Record<string, string>>

// Every catalog a screen reads (the frame, the payer's and the payee's pages, errors, money), not the
// e-mails' and the PDF's.
const catalogs = import.meta.glob<Catalog>(
  ['../../src/i18n/catalogs/**/*.ts', '!../../src/i18n/catalogs/**/*.test.ts'],
  {
    eager: true,
    import: 'default',
  },
)
const SCREEN_AUDIENCES = /^\.\.\/\.\.\/src\/i18n\/catalogs\/(shell|payer|payee\/[^/]+|errors|money)\/([\w-]+)\.ts$/

const messages = (code: string) =>
  Object.entries(catalogs).flatMap(([path, catalog]) => {
    const [, , file] = SCREEN_AUDIENCES.exec(path) ?? []
    return file === code ? Object.values(catalog).flatMap((section) => Object.values(section)) : []
  })

/**
 * What of English would show through if a screen were left untranslated in `code`: every English
 * message that language words differently, whole, and its static phrases of two words or more (cut
 * at placeholders).
 */
export function englishOnly(code: string): (text: string) => boolean {
  const own = new Set(messages(code))
  // A phrase the language itself writes as English does ("QR code" in Brazil) is its own.
  const ownText = [...own].join('\n')
  const whole = new Set<string>()
  const phrases = new Set<string>()
  for (const message of messages('en')) {
    if (own.has(message)) continue
    whole.add(message.trim())
    for (const part of message.split(/\{\w+\}/)) {
      const phrase = part.replace(/^[\s.,:;()!?✓·…]+|[\s.,:;()!?✓·…]+$/g, '')
      if (/[A-Za-z]{3}/.test(phrase) && phrase.includes(' ') && !ownText.includes(phrase)) phrases.add(phrase)
    }
  }
  return (text: string) => whole.has(text) || [...phrases].some((phrase) => text.includes(phrase))
}

/**
 * Words English writes and none of the other languages does: two of them in one text make it an
 * English sentence, whether or not a catalog has it (a literal left in a component).
 */
const ENGLISH_WORDS = new Set(
  'the your you and with this that is are be from for of to it not can when here there we our they their its been by which what have each any only yet before after than then into would should could must these those were how why who'.split(
    ' ',
  ),
)

/** Whether a text has two of English's own words. */
export const soundsEnglish = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .match(/[a-z]+/g)
      ?.filter((word) => ENGLISH_WORDS.has(word)),
  ).size >= 2

type Shown = {
  text: string
  /** Written by the app (a control, a label, a hint), never a payee's memo or name. */ own: boolean
}

/**
 * Everything of the page a person reads or hears: its title, the text drawn, the names and hints
 * given in attributes (a button's aria-label, a field's placeholder, a tooltip), and a select's options.
 */
async function shownTexts(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const OWN = 'button, label, legend, th, summary, option, dt, [role="status"], [role="alert"], .hint, .field-error'
    const texts = [{ text: document.title, own: false }]
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement
      const text = node.textContent?.trim()
      if (!text || !owner || owner.closest('script, style, details:not([open]) > :not(summary)')) continue
      if (owner.getClientRects().length > 0 || owner.closest('option, .visually-hidden'))
        texts.push({ text, own: owner.closest(OWN) !== null })
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
      if (element.getClientRects().length > 0)
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = element.getAttribute(name)?.trim()
          if (value) texts.push({ text: value, own: true })
        }
    return texts
  })
}

/**
 * The English left on the page as it is now, shown in `code`: a catalog's English message or phrase
 * anywhere, or an English sentence in what the app itself writes.
 */
export async function englishLeftOn(page: Page, code: string): Promise<string[]> {
  const isEnglish = englishOnly(code)
  return (await shownTexts(page))
    .filter(({ text, own }) => isEnglish(text) || (own && soundsEnglish(text)))
    .map(({ text }) => text)
}
