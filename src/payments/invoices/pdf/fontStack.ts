import type { Color, PDFFont, PDFPage } from 'pdf-lib'

/**
 * Fonts tried in turn for each character (Noto Sans for Latin, Greek and Cyrillic, then Noto Sans JP),
 * so "Dvořák", "Łódź" and "株式会社" all print: a string is drawn as runs, each in the first font
 * that has its characters.
 */
export class FontStack {
  private readonly choice = new Map<number, number>()

  constructor(
    private readonly fonts: readonly PDFFont[],
    private readonly covers: readonly ((codePoint: number) => boolean)[],
  ) {}

  private fontIndex(codePoint: number): number {
    let index = this.choice.get(codePoint)
    if (index === undefined) {
      index = Math.max(
        0,
        this.covers.findIndex((has) => has(codePoint)),
      )
      this.choice.set(codePoint, index)
    }
    return index
  }

  /** `text` split where the font changes. */
  runs(text: string): { font: PDFFont; text: string }[] {
    const runs: { index: number; text: string }[] = []
    for (const char of text) {
      const index = this.fontIndex(char.codePointAt(0)!)
      const last = runs.at(-1)
      if (last && last.index === index) last.text += char
      else runs.push({ index, text: char })
    }
    return runs.map((r) => ({ font: this.fonts[r.index]!, text: r.text }))
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0)
  }

  /** `text` on `page` run after run, from x (or ending at x, `align: 'right'`), its baseline at y. */
  draw(
    page: PDFPage,
    text: string,
    options: { x: number; y: number; size: number; color: Color; align?: 'left' | 'right' },
  ) {
    const { align = 'left', ...drawn } = options
    const runs = this.runs(text).map((run) => ({ ...run, width: run.font.widthOfTextAtSize(run.text, drawn.size) }))
    let x = align === 'right' ? drawn.x - runs.reduce((sum, r) => sum + r.width, 0) : drawn.x
    for (const run of runs) {
      page.drawText(run.text, { ...drawn, x, font: run.font })
      x += run.width
    }
  }
}
