import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

/**
 * After a navigation, focus goes to the new page's heading, as a page load would put a screen
 * reader there; without it focus stays on the link that was clicked, or drops to the body when that
 * link goes away. Pages load their code when first shown, and meanwhile React keeps the old page in
 * the document, hidden: so the heading waited for is a visible one.
 */
export function RouteFocus() {
  const [location] = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    let frame = 0
    const until = performance.now() + 3000
    const settle = () => {
      const heading = [...document.querySelectorAll<HTMLElement>('main h1')].find((h) => h.offsetParent !== null)
      if (!heading) {
        if (performance.now() < until) frame = requestAnimationFrame(settle)
        return
      }
      heading.tabIndex = -1
      heading.focus()
    }
    frame = requestAnimationFrame(settle)
    return () => cancelAnimationFrame(frame)
  }, [location])
  return null
}
