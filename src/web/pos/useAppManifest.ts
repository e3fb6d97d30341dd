import { useEffect } from 'react'

/** Links the till's web-app manifest while a point-of-sale page shows, so a tablet can install it full screen. */
export function useAppManifest() {
  useEffect(() => {
    const link = document.createElement('link')
    link.rel = 'manifest'
    link.href = '/pos-app/manifest.webmanifest'
    document.head.append(link)
    return () => link.remove()
  }, [])
}
