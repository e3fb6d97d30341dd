import type { Page } from 'playwright-core'

export type LayoutProblem = {
  kind: 'overlap' | 'outside-card' | 'outside-screen' | 'hidden-without-cue'
  what: string
}

/**
 * Measures the page as it is drawn: every visible line of text (from the text nodes' own
 * rectangles, so a label spilling into the field beside it counts), then reports texts that
 * overlap each other, texts that leave their card, and anything wider than the screen.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'overlap' | 'outside-card' | 'outside-screen' | 'hidden-without-cue'; what: string }[] = []
    const visible = (element: Element) => {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false
      if (element.closest('.visually-hidden, [aria-hidden="true"], details:not([open]) > :not(summary)')) return false
      // Hidden the way .visually-hidden hides: clipped inside a box of a pixel or less (a table's
      // header row on a phone, where each row is a card that labels its own cells).
      for (let box: Element | null = element; box; box = box.parentElement) {
        const rect = box.getBoundingClientRect()
        if (rect.width <= 1 && rect.height <= 1 && getComputedStyle(box).overflow === 'hidden') return false
      }
      return true
    }
    type Box = { text: string; rect: DOMRect; owner: Element }
    const boxes: Box[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      const owner = node.parentElement
      if (!text || !owner || !visible(owner) || owner.closest('option, select, script, style')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects())
        if (rect.width > 0.5 && rect.height > 0.5) boxes.push({ text: text.slice(0, 40), rect, owner })
    }
    // Form controls draw their own text: their boxes count too.
    for (const control of document.querySelectorAll('input:not([type=checkbox]):not([type=radio]), select, textarea'))
      if (visible(control))
        boxes.push({
          text: `<${control.tagName.toLowerCase()}#${control.id}>`,
          rect: control.getBoundingClientRect(),
          owner: control,
        })
    // Text a sideways-scrolling box clips (a wide table in its card) is reached by scrolling, not
    // lost, provided the box shows that more lies to the right (ScrollTable's cue).
    const clippedByScroller = (box: Box) => {
      for (let up = box.owner.parentElement; up; up = up.parentElement) {
        if (!['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) continue
        const frame = up.getBoundingClientRect()
        if (box.rect.right > frame.right + 0.5 && !up.closest('.scroll-table[data-more="true"]'))
          problems.push({ kind: 'hidden-without-cue', what: `“${box.text}”` })
        if (box.rect.left < frame.left - 0.5 || box.rect.right > frame.right + 0.5) return true
      }
      return false
    }
    const drawn = boxes.filter((box) => !clippedByScroller(box))
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++) {
        const a = drawn[i]!
        const b = drawn[j]!
        if (a.owner === b.owner || a.owner.contains(b.owner) || b.owner.contains(a.owner)) continue
        if (overlap(a.rect, b.rect)) problems.push({ kind: 'overlap', what: `“${a.text}” and “${b.text}”` })
      }
    for (const box of drawn) {
      const card = box.owner.closest('.card')?.getBoundingClientRect()
      if (card && (box.rect.left < card.left - 0.5 || box.rect.right > card.right + 0.5))
        problems.push({ kind: 'outside-card', what: `“${box.text}”` })
      if (box.rect.left < -0.5 || box.rect.right > document.documentElement.clientWidth + 0.5)
        problems.push({ kind: 'outside-screen', what: `“${box.text}”` })
    }
    const wider = document.documentElement.scrollWidth - document.documentElement.clientWidth
    if (wider > 0) problems.push({ kind: 'outside-screen', what: `the page is ${wider} px wider than the screen` })
    return problems
  })
}
