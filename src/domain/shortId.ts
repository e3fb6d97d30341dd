const idAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** 16 characters from a 57-letter alphabet (no look-alikes): about 93 bits, unguessable, URL-safe. */
export function newShortId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let id = ''
  for (const byte of bytes) {
    // Rejection sampling keeps every letter equally likely.
    if (byte < 228) id += idAlphabet[byte % 57]
    if (id.length === 16) return id
  }
  return id + newShortId().slice(0, 16 - id.length)
}

/** Whether a string could be an id this app gave out (and older, shorter ones); others are not looked up. */
export const isShortId = (value: string) => /^[A-Za-z0-9]{1,32}$/.test(value)
