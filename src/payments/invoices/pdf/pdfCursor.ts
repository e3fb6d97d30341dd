import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib'
import type { FontStack } from './fontStack.ts'

export const PAPER = { a4: [595.28, 841.89], letter: [612, 792] } as const
export type Paper = keyof typeof PAPER

export const INK = rgb(0.11, 0.12, 0.14)
export const MUTED = rgb(0.38, 0.4, 0.45)
export const RULE = rgb(0.82, 0.84, 0.87)

type TextOptions = {
  x: number
  size?: number
  bold?: boolean
  color?: typeof INK
  align?: 'left' | 'right'
  /** Points below the pen (a cell's further lines). */
  dy?: number
}

/**
 * Writes down a page from the top, a new page when the next block would not fit: the one place that
 * knows where the pen is. Text is drawn with the embedded fonts, so it stays selectable and searchable.
 */
export class PdfCursor {
  page: PDFPage
  y: number
  readonly width: number
  readonly margin = 48

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: FontStack; bold: FontStack },
    private readonly paper: Paper,
  ) {
    this.page = doc.addPage([...PAPER[paper]])
    this.width = PAPER[paper][0]
    this.y = PAPER[paper][1] - this.margin
  }

  get right() {
    return this.width - this.margin
  }

  font(bold = false) {
    return bold ? this.fonts.bold : this.fonts.regular
  }

  /** Room for `height` points below the pen, or a new page. */
  ensure(height: number) {
    if (this.y - height >= this.margin) return
    this.page = this.doc.addPage([...PAPER[this.paper]])
    this.y = PAPER[this.paper][1] - this.margin
  }

  /** One line at the pen's height (the pen does not move). */
  text(value: string, { x, size = 9, bold = false, color = INK, align = 'left', dy = 0 }: TextOptions) {
    const font = this.font(bold)
    font.draw(this.page, value, { x, y: this.y - dy - size, size, color, align })
  }

  /** `value` broken into lines at most `width` wide: at spaces, or anywhere in text without them (Japanese). */
  wrap(value: string, width: number, size = 9, bold = false): string[] {
    const font = this.font(bold)
    // Each word is measured once (a measurement shapes the text): a line's width is the sum of its words'.
    const measure = (text: string) => font.width(text, size)
    const lines: string[] = []
    for (const paragraph of value.split('\n')) {
      let line = ''
      let used = 0
      for (const word of paragraph.split(/(?<= )/)) {
        const wide = measure(word)
        if (used + wide <= width) {
          line += word
          used += wide
          continue
        }
        if (line) lines.push(line.trimEnd())
        ;[line, used] = ['', 0]
        if (wide <= width) {
          ;[line, used] = [word, wide]
          continue
        }
        for (const char of word) {
          const charWidth = measure(char)
          if (used + charWidth > width && line) {
            lines.push(line)
            ;[line, used] = ['', 0]
          }
          line += char
          used += charWidth
        }
      }
      lines.push(line.trimEnd())
    }
    return lines
  }

  /** Several lines from the pen down, moving it below them. */
  paragraph(value: string, options: TextOptions & { width: number; leading?: number }) {
    const size = options.size ?? 9
    const leading = options.leading ?? size * 1.45
    for (const line of this.wrap(value, options.width, size, options.bold)) {
      this.ensure(leading)
      this.text(line, options)
      this.y -= leading
    }
  }

  rule(gap = 6) {
    this.page.drawLine({
      start: { x: this.margin, y: this.y - gap / 2 },
      end: { x: this.right, y: this.y - gap / 2 },
      thickness: 0.6,
      color: RULE,
    })
    this.y -= gap
  }
}
