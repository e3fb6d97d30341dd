/* global chrome */
// The popup asks the wallet in the open tab (through the extension's side of it, rpcBridge.ts) for a fresh
// account holding test tokens and no ETH; the page then sees that account connected.
document.getElementById('tokens-no-eth').addEventListener('click', async () => {
  const status = document.getElementById('status')
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true })
  try {
    await chrome.tabs.sendMessage(tab.id, 'devwallet:tokens-no-eth')
    status.textContent = 'Done: the page switches to the new account once its tokens arrive.'
  } catch {
    status.textContent = 'Open Billfold (on 127.0.0.1 or localhost) in this tab first.'
  }
})
