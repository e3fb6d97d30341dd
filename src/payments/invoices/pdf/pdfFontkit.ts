import * as fontkit from 'fontkit'
import type { PDFDocument } from 'pdf-lib'

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]

type Listener = (value?: Uint8Array) => void

/** A subset's bytes as the event stream pdf-lib reads (fontkit 1's `encodeStream`), in pieces small enough to spread. */
function byteStream(bytes: Uint8Array) {
  const listeners: Record<string, Listener> = {}
  queueMicrotask(() => {
    for (let at = 0; at < bytes.length; at += 8192) listeners.data?.(bytes.subarray(at, at + 8192))
    listeners.end?.()
  })
  const stream = {
    on(event: string, listener: Listener) {
      listeners[event] = listener
      return stream
    },
  }
  return stream
}

const parsed = new WeakMap<Uint8Array, { font: fontkit.Font; runs: Map<string, fontkit.GlyphRun> }>()
// Shaping a string is most of a PDF's time, and invoices repeat their words: runs are kept, up to a bound.
const MAX_RUNS = 20_000

/**
 * fontkit 2 for pdf-lib. pdf-lib's own fork of fontkit 1 drops glyphs when it subsets Noto Sans JP
 * (about half the Latin letters drew as nothing while pdftotext still read them); fontkit 2 subsets it
 * whole. Its subsets encode with `encode()`, so the stream pdf-lib asks for is made from that.
 */
function parsedFont(data: Uint8Array) {
  // The same font bytes come back for every PDF: parsed once, its glyph caches kept warm.
  const cached = parsed.get(data) ?? { font: fontkit.create(Buffer.from(data)) as fontkit.Font, runs: new Map() }
  parsed.set(data, cached)
  return cached
}

/** Whether the font in `data` draws a character. */
export const fontCovers = (data: Uint8Array) => {
  const { font } = parsedFont(data)
  return (codePoint: number) => font.hasGlyphForCodePoint(codePoint)
}

export const pdfFontkit = {
  create(data: Uint8Array) {
    const cached = parsedFont(data)
    const { runs } = cached
    const font = Object.create(cached.font) as fontkit.Font
    const createSubset = font.createSubset.bind(font)
    const layout = cached.font.layout.bind(cached.font)
    return Object.assign(font, {
      layout(text: string, features?: Parameters<fontkit.Font['layout']>[1]) {
        const key = features ? `${JSON.stringify(features)}\u0000${text}` : text
        const known = runs.get(key)
        if (known) return known
        if (runs.size >= MAX_RUNS) runs.clear()
        const run = layout(text, features)
        runs.set(key, run)
        return run
      },
      createSubset() {
        const subset = createSubset()
        return Object.assign(subset, { encodeStream: () => byteStream(subset.encode()) })
      },
    })
  },
} as unknown as Fontkit
