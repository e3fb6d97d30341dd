import { createStore } from 'mipd'
import { useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { createWalletDetector } from '../../src/wallet/detectWallets.ts'

// Both discovery stores start together; each renders its own list so "to screen" is comparable.
type Marks = {
  oursState?: number
  mipdState?: number
  oursScreen?: number
  mipdScreen?: number
  notFound?: number
  started: number
}
const marks: Marks = { started: performance.now() }
;(window as unknown as { marks: Marks }).marks = marks

const ours = createWalletDetector({ target: window })
const mipd = createStore()
ours.subscribe((s) => {
  if (s.status === 'detected') marks.oursState ??= performance.now()
  if (s.status === 'not-found') marks.notFound ??= performance.now()
})
mipd.subscribe((providers) => {
  if (providers.length > 0) marks.mipdState ??= performance.now()
})

function OursList() {
  const state = useSyncExternalStore(ours.subscribe, ours.getState)
  return (
    <ul data-list="ours">
      {state.wallets.map((w) => (
        <li key={w.key}>{w.name}</li>
      ))}
    </ul>
  )
}
const mipdSnapshot = () => mipd.getProviders()
function MipdList() {
  const providers = useSyncExternalStore(mipd.subscribe, mipdSnapshot)
  return (
    <ul data-list="mipd">
      {providers.map((p) => (
        <li key={p.info.uuid}>{p.info.name}</li>
      ))}
    </ul>
  )
}

// A row is "on screen" at the first animation frame after it enters the DOM.
new MutationObserver(() => {
  for (const list of ['ours', 'mipd'] as const) {
    const key = list === 'ours' ? 'oursScreen' : 'mipdScreen'
    if (marks[key] === undefined && document.querySelector(`[data-list=${list}] li`)) {
      marks[key] = -1
      requestAnimationFrame(() => (marks[key] = performance.now()))
    }
  }
}).observe(document.body, { subtree: true, childList: true })

createRoot(document.getElementById('root')!).render(
  <>
    <OursList />
    <MipdList />
  </>,
)
