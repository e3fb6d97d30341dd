/* global chrome */
// The popup asks the wallet in the Billfold tab (through the extension's side of it, rpcBridge.ts) for a
// fresh account holding test tokens and no ETH; the page then sees that account connected.
document.getElementById('tokens-no-eth').addEventListener('click', async () => {
  const status = document.getElementById('status')
  // Opened from the toolbar the popup is no tab and the tab is the active one; opened as a tab of its
  // own, it means the tab used last before it.
  const own = await chrome.tabs.getCurrent()
  const tabs = (await chrome.tabs.query({ windowType: 'normal' })).filter((t) => t.id !== own?.id)
  const [tab] = tabs.sort(
    (a, b) => Number(b.active) - Number(a.active) || (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0),
  )
  try {
    await chrome.tabs.sendMessage(tab.id, 'devwallet:tokens-no-eth')
    status.textContent = 'Done: the page switches to the new account once its tokens arrive.'
  } catch {
    status.textContent = 'Open Billfold (on 127.0.0.1 or localhost) in this tab first.'
  }
})
