/** window.postMessage between the wallet in the page and its network side in the extension. */
export const BRIDGE_REQUEST = 'billfold-devwallet:rpc'
export const BRIDGE_REPLY = 'billfold-devwallet:rpc-reply'

export type BridgeRequest = { type: typeof BRIDGE_REQUEST; id: number; url: string; body: string }
export type BridgeReply = { type: typeof BRIDGE_REPLY; id: number; text?: string; error?: string }

/** Asked from the wallet's popup: connect a fresh account holding test tokens and no ETH. */
export const TOKENS_NO_ETH = 'devwallet:tokens-no-eth'
