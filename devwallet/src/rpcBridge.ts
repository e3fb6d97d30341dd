import { BRIDGE_REPLY, BRIDGE_REQUEST, TOKENS_NO_ETH, type BridgeReply, type BridgeRequest } from './bridgeMessages.ts'

declare const chrome: { runtime: { onMessage: { addListener(listener: (message: unknown) => void): void } } }

// The popup's buttons reach the wallet in the page as the DOM event it listens for.
chrome.runtime.onMessage.addListener((message) => {
  if (message === TOKENS_NO_ETH) window.dispatchEvent(new CustomEvent(TOKENS_NO_ETH))
})

/**
 * The wallet's network side, in the extension's isolated world: like a real wallet's background,
 * its calls to the chain are not the page's (the page's CSP and relay never see them). Loopback
 * chains only: this is a development wallet.
 */
window.addEventListener('message', (event: MessageEvent<BridgeRequest>) => {
  if (event.source !== window || event.data?.type !== BRIDGE_REQUEST) return
  const { id, url, body } = event.data
  const reply = (answer: Omit<BridgeReply, 'type' | 'id'>) =>
    window.postMessage({ type: BRIDGE_REPLY, id, ...answer } satisfies BridgeReply, location.origin)
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return reply({ error: `The dev wallet's RPC URL "${url}" is not a URL.` })
  }
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname))
    return reply({ error: 'The dev wallet only talks to chains on this machine.' })
  fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    .then(async (response) => reply({ text: await response.text() }))
    .catch((error: unknown) =>
      reply({
        error: `The dev wallet could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`,
      }),
    )
})
