import type { PluralForms } from '../../plural.ts'

/** What Billfold's e-mails say, in English; `{name}` is filled in (see renderEmail). */
const en = {
  confirm: {
    subject: 'Confirm your address for Billfold notices',
    body: 'Confirm that Billfold at {site} may send notices about your payment requests to this address:\n{link}\nThe link holds for 48 hours. If you did not ask for this, ignore this e-mail, or refuse all e-mail from this Billfold with the last link.',
  },
  paid: {
    subject: 'Paid: {amount} {symbol} for “{memo}”',
    body: 'Your request “{memo}” for {amount} {symbol} is paid.\n{link}',
  },
  partially_paid: {
    subject: 'Partly paid: {received} of {amount} {symbol} for “{memo}”',
    body: 'Your request “{memo}” is partly paid: {received} of {amount} {symbol} received.\n{link}',
  },
  overpaid: {
    subject: 'Paid more than asked: {received} {symbol} for “{memo}”',
    body: 'Your request “{memo}” for {amount} {symbol} received {received} {symbol}. You may refund the excess from its page.\n{link}',
  },
  expired: {
    subject: 'Expired unpaid: “{memo}”',
    body: 'Your request “{memo}” for {amount} {symbol} expired with nothing received.\n{link}',
  },
  unmatched: {
    subject: 'A transfer matched no request: {amount} {symbol}',
    body: 'A transfer of {amount} {symbol} from {from} reached you without matching any request. Assign it to a request or dismiss it:\n{link}',
  },
  refunded: {
    subject: 'Refund confirmed: {amount} {symbol} for “{memo}”',
    body: 'Your refund of {amount} {symbol} to {to} for “{memo}” is on chain (transaction {tx}).\n{link}',
  },
  webhook_failing: {
    subject: 'A webhook endpoint has been failing for an hour',
    body: 'Deliveries to {url} have failed for over an hour; they are retried for about three days. Check the endpoint:\n{link}',
  },
  relayer_low: {
    subject: 'Your relayer on {chain} is running low',
    body: 'Your relayer on {chain} holds {balance} {symbol}, {enough}. Top it up:\n{link}',
    enough: {
      one: 'enough for about {relays} more payment without gas',
      other: 'enough for about {relays} more payments without gas',
    } as PluralForms,
  },
  relayer_paused: {
    subject: 'Payments without gas are paused on your relayer {address}',
    body: 'Your relayer {address} paused payments without gas: {reason}. Payers are offered the normal way to pay meanwhile. Look at its failed relays and resume it when you are ready:\n{link}',
  },
  receipt: {
    subject: 'Receipt: {amount} {symbol} paid for “{memo}”',
    body: 'Your payment of {amount} {symbol} to {payee} for “{memo}” is confirmed on chain. Your receipt:\n{link}',
    /** A request paid on another chain than its own, or on several: each payment a line of `part`. */
    bodyInParts:
      'Your payment of {amount} {symbol} to {payee} for “{memo}” is confirmed on chain, in parts:\n{parts}\nIn all: {received} {symbol}. Your receipt:\n{link}',
    part: '{amount} {symbol} on {chain} (transaction {tx})',
  },
  scheduled: {
    subject: 'Payment request: {amount} {symbol} for “{memo}”',
    body: '{payee} asks for {amount} {symbol} for “{memo}”, due {due}. Pay it here:\n{link}',
  },
  subscription_coming: {
    subject: 'Coming charge: {amount} {symbol} for “{plan}” on {date}',
    body: '{payee} will charge {amount} {symbol} for “{plan}” from your wallet on {date}, as the permission you granted allows. Nothing is needed of you. To stop it, cancel the subscription on its page before then:\n{link}',
  },
  subscription_past_due: {
    subject: 'Past due: {amount} {symbol} for “{memo}”',
    body: 'The charge of {amount} {symbol} for “{memo}” to {payee} could not be taken from your wallet, so this period is past due. It will be tried again; you may also pay it yourself, by {due}, in one click:\n{link}',
  },
  footer: {
    payee: 'You get this because you asked Billfold at {site} for these notices.',
    payer: 'You get this because you left this address on a Billfold pay page at {site}.',
    unsubscribe: 'Refuse all e-mail from Billfold at {site}, for good: {link}',
  },
  page: {
    confirmTitle: 'Confirm your address',
    confirmButton: 'Confirm {address}',
    confirmed: '{address} is confirmed: Billfold will send the notices you chose there.',
    unsubscribeTitle: 'Refuse all e-mail',
    unsubscribeButton: 'Never send e-mail to {address} again',
    unsubscribed: '{address} will get no more e-mail from this Billfold, whoever asks for it.',
    invalid: 'This link is not valid or has expired.',
  },
}

export type EmailCatalog = typeof en

export default en
