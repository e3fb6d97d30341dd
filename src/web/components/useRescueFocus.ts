import { useEffect, type RefObject } from 'react'

/**
 * Puts focus on `ref` when it appears and focus has nowhere to be: after connecting (the dialog's
 * button is gone), signing in (the sign-in card is gone), or any change that removed the focused
 * element. Focus a person placed somewhere is never taken away. `appeared` changes when the element
 * comes into being inside a component that was already there.
 */
export function useRescueFocus(ref: RefObject<HTMLElement | null>, appeared: unknown = true) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const lost = document.activeElement === null || document.activeElement === document.body
      if (lost && ref.current) {
        if (ref.current.tabIndex < 0 && !ref.current.matches('a, button, input, select, textarea'))
          ref.current.tabIndex = -1
        ref.current.focus()
      }
    })
    return () => cancelAnimationFrame(frame)
  }, [ref, appeared])
}
