/** Bringing the payee's USDC to one chain with Circle's CCTP, in English: the base the other languages translate. */
const en = {
  'payee/bridge/bring': {
    title: 'Bring USDC to one chain',
    open: 'Bring USDC to one chain',
    intro:
      "Your wallet burns the USDC on each other chain, Circle attests each burn, then your wallet receives it all on the chain you pick (Circle's CCTP). Billfold never holds it.",
    destination: 'Bring to',
    from: 'From {chain}',
    holding: 'You hold {amount} there.',
    nothing: 'You hold no USDC on the other chains.',
    bring: 'Bring {amount} to {chain}',
    bringing: 'Your wallet is sending the burns…',
    cancel: 'Cancel',
    moves: 'USDC on its way',
    move: '{amount} from {source} to {destination}',
    waiting: "waiting for Circle's attestation",
    ready: 'attested: ready to receive',
    done: 'arrived',
    failed: 'the burn failed on the chain: the USDC did not leave',
    unavailable: "Circle's attestation service cannot be read now; asked again shortly",
    notFound:
      "not found on {chain}: its transaction never came there (a wallet that sped it up or cancelled it sent another). Check your wallet's activity, then dismiss it: a burn that did go is found again.",
    dismiss: 'Dismiss',
    receive: 'Receive {amount} on {chain}',
    receiving: 'Your wallet is receiving…',
    burnNotSent: 'Your wallet did not send the burn on {chain}: the USDC there did not leave. Try again.',
    chainFallback: 'chain {id}',
  },
}

export default en
export type BridgeCatalog = typeof en
