/** Payments without gas (the relayers' settings and notices) in English: the base the other languages translate. */
const en = {
  'payee/relayers/panel': {
    title: 'Payments without gas',
    intro:
      'A payer holding USDC or EURC but no coin for the network fee can pay by signing alone: your relayer, a key Billfold keeps for you on each chain, sends the payment and pays its fee from the little coin you fund it with. The payment still goes straight to your address.',
    chainFallback: 'Chain {id}',
    csv: 'Download every relay and its fee (CSV)',
    tableLabel: 'Relays and withdrawals',
    when: 'When',
    what: 'What',
    state: 'State',
    fee: 'Fee',
    withdrawal: 'Withdrawal of {amount}',
    payment: 'Payment of request {id}',
    waiting: 'Waiting',
    signed: 'Signed',
    sent: 'Sent',
    mined: 'Confirmed',
    reverted: 'Reverted',
    expired: 'Expired',
  },
  'payee/relayers/card': {
    label: 'Relayer on {chain}',
    address: 'Relayer address',
    copyAddress: 'Copy address',
    balance: 'Balance',
    balanceRelays: '{amount} (about {count} payments at today’s fee)',
    low: 'Running low: fewer than 20 payments’ fees left. Fund it with a little {symbol}.',
    enable: 'Let payers pay without gas on {chain}',
    savedOn: 'Saved: payers can pay without gas on {chain}.',
    savedOff: 'Saved: payers on {chain} pay their own network fee.',
    fundWith: 'Fund with ({symbol})',
    typeAmount: 'Type an amount of {symbol}, e.g. {example}.',
    confirm: 'Confirm in your wallet…',
    fund: 'Fund from my wallet',
    capLabel: 'Fee cap on {chain}',
    cap: 'Most fee per payment ({symbol}; empty: no cap)',
    saveCap: 'Save cap',
    withdraw: 'Withdraw to my address',
    withdrawing: 'Withdrawing {amount} to your address.',
  },
  'payee/relayers/safety': {
    pausedSince:
      'Payments without gas are paused since {date}: {reason}. Payers are offered the normal way to pay meanwhile.',
    resume: 'Resume payments without gas',
    budgetLabel: 'Revert budget on {chain}',
    budget: 'Failed relays an hour before pausing',
    budgetError: 'Type a whole number from 1 to 100.',
    saveBudget: 'Save budget',
    wasted: 'Spent on failed relays',
    wastedDetail: '{amount} (relays that reverted, and expired ones’ nonces filled)',
  },
  'payee/relayers/notice': {
    paused: 'Payments without gas are paused on {chain}: {reason}. {link}.',
    pausedLink: 'Look and resume',
    low: 'Your relayer on {chain} holds {amount}: fewer than 20 payments without gas. {link}.',
    lowLink: 'Fund it',
    chainFallback: 'chain {id}',
  },
}

export type RelayersCatalog = typeof en
export default en
