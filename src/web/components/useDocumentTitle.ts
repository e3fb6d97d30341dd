import { useEffect } from 'react'

/** Each page names itself in the tab (and in the history and screen readers' page announcements). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Billfold` : 'Billfold'
  }, [title])
}
