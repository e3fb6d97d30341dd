/**
 * Marks the document with how the person last moved: `data-input="keyboard"` or `"pointer"` on
 * <html>. A page's heading takes focus after a navigation, for screen readers; the stylesheet draws
 * its focus ring only when the keyboard brought the person there (browsers count a script's focus
 * on a fresh page as keyboard focus and would draw it on every shared link).
 */
export function trackInputModality(root: HTMLElement = document.documentElement) {
  const set = (modality: 'keyboard' | 'pointer') => () => {
    if (root.dataset.input !== modality) root.dataset.input = modality
  }
  document.addEventListener('keydown', set('keyboard'), { capture: true })
  document.addEventListener('pointerdown', set('pointer'), { capture: true })
}
