import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { commonText } from '../i18n/messages.ts'

/** Cells without a label of their own take their column's header (kept in step when the header's words change). */
function labelCells(table: HTMLTableElement) {
  const heads = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? '')
  for (const body of table.tBodies)
    for (const row of body.rows) {
      let column = 0
      for (const cell of row.cells) {
        const head = heads[column]
        if (head && (!cell.hasAttribute('data-label') || cell.hasAttribute('data-label-from-head'))) {
          cell.setAttribute('data-label', head)
          cell.setAttribute('data-label-from-head', '')
        }
        column += cell.colSpan
      }
    }
}

/**
 * A ref for a table drawn as cards on a phone (`.requests`): each cell without a label of its own
 * takes its column's header, as rows come and go.
 */
export function labelColumns(table: HTMLTableElement | null) {
  if (!table) return
  labelCells(table)
  const observer = new MutationObserver(() => labelCells(table))
  observer.observe(table, { childList: true, subtree: true, characterData: true })
  return () => observer.disconnect()
}

/**
 * A table that may be wider than its card: it scrolls sideways inside it, with shadows over the
 * sides that hide columns and a line saying more lies to the right while it does. Scrollable, it
 * takes the keyboard's focus (arrow keys scroll it) and is named by its table.
 */
export function ScrollTable({
  className = '',
  labelledBy,
  children,
}: {
  className?: string
  /** The id of what names the table, when the table itself carries no name. */
  labelledBy?: string
  children: ReactNode
}) {
  const t = useStore(commonText)
  const frame = useRef<HTMLDivElement>(null)
  const [scroll, setScroll] = useState({ scrollable: false, more: false, label: '' })

  useEffect(() => {
    const element = frame.current!
    const measure = () => {
      const table = element.querySelector('table')
      const hidden = element.scrollWidth - element.clientWidth
      setScroll({
        scrollable: hidden > 1,
        more: hidden - Math.abs(element.scrollLeft) > 1,
        label: table?.getAttribute('aria-label') ?? table?.caption?.textContent?.trim() ?? '',
      })
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    const table = element.querySelector('table')
    if (table) observer.observe(table)
    const unlabel = labelColumns(table)
    element.addEventListener('scroll', measure, { passive: true })
    return () => {
      unlabel?.()
      observer.disconnect()
      element.removeEventListener('scroll', measure)
    }
  }, [])

  return (
    <div className={`scroll-table ${className}`} data-more={scroll.more}>
      <p className="scroll-table-cue" aria-hidden="true">
        {t.scrollForMore} →
      </p>
      <div
        ref={frame}
        className="scroll-table-frame"
        {...(scroll.scrollable
          ? {
              tabIndex: 0,
              role: 'region',
              'aria-labelledby': labelledBy,
              'aria-label': labelledBy ? undefined : scroll.label || undefined,
            }
          : {})}
      >
        {children}
      </div>
    </div>
  )
}
