import type { EmailCatalog } from './en.ts'

const de: EmailCatalog = {
  confirm: {
    subject: 'Bestätigen Sie Ihre Adresse für Billfold-Benachrichtigungen',
    body: 'Bestätigen Sie, dass Billfold unter {site} Benachrichtigungen zu Ihren Zahlungsanforderungen an diese Adresse senden darf:\n{link}\nDer Link gilt 48 Stunden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail, oder lehnen Sie mit dem letzten Link alle E-Mails dieses Billfold ab.',
  },
  paid: {
    subject: 'Bezahlt: {amount} {symbol} für „{memo}“',
    body: 'Ihre Anforderung „{memo}“ über {amount} {symbol} ist bezahlt.\n{link}',
  },
  partially_paid: {
    subject: 'Teilweise bezahlt: {received} von {amount} {symbol} für „{memo}“',
    body: 'Ihre Anforderung „{memo}“ ist teilweise bezahlt: {received} von {amount} {symbol} erhalten.\n{link}',
  },
  overpaid: {
    subject: 'Mehr als angefordert bezahlt: {received} {symbol} für „{memo}“',
    body: 'Für Ihre Anforderung „{memo}“ über {amount} {symbol} gingen {received} {symbol} ein. Den Überschuss können Sie auf ihrer Seite erstatten.\n{link}',
  },
  expired: {
    subject: 'Unbezahlt abgelaufen: „{memo}“',
    body: 'Ihre Anforderung „{memo}“ über {amount} {symbol} ist abgelaufen, ohne dass etwas einging.\n{link}',
  },
  unmatched: {
    subject: 'Eine Überweisung passte zu keiner Anforderung: {amount} {symbol}',
    body: 'Eine Überweisung von {amount} {symbol} von {from} ist bei Ihnen eingegangen, passt aber zu keiner Anforderung. Ordnen Sie sie einer Anforderung zu oder verwerfen Sie sie:\n{link}',
  },
  refunded: {
    subject: 'Erstattung bestätigt: {amount} {symbol} für „{memo}“',
    body: 'Ihre Erstattung von {amount} {symbol} an {to} für „{memo}“ ist auf der Chain (Transaktion {tx}).\n{link}',
  },
  webhook_failing: {
    subject: 'Ein Webhook-Endpunkt schlägt seit einer Stunde fehl',
    body: 'Zustellungen an {url} schlagen seit über einer Stunde fehl; sie werden etwa drei Tage lang wiederholt. Prüfen Sie den Endpunkt:\n{link}',
  },
  relayer_low: {
    subject: 'Ihr Relayer auf {chain} hat nur noch wenig Guthaben',
    body: 'Ihr Relayer auf {chain} hält {balance} {symbol}, {enough}. Laden Sie ihn auf:\n{link}',
    enough: {
      one: 'genug für etwa {relays} weitere Zahlung ohne Gas',
      other: 'genug für etwa {relays} weitere Zahlungen ohne Gas',
    },
  },
  relayer_paused: {
    subject: 'Zahlungen ohne Gas auf Ihrem Relayer {address} sind pausiert',
    body: 'Ihr Relayer {address} hat Zahlungen ohne Gas pausiert: {reason}. Zahlenden wird so lange die normale Zahlung angeboten. Sehen Sie sich die fehlgeschlagenen Relays an und setzen Sie ihn fort, wenn Sie bereit sind:\n{link}',
  },
  receipt: {
    subject: 'Beleg: {amount} {symbol} bezahlt für „{memo}“',
    body: 'Ihre Zahlung von {amount} {symbol} an {payee} für „{memo}“ ist auf der Chain bestätigt. Ihr Beleg:\n{link}',
    bodyInParts:
      'Ihre Zahlung von {amount} {symbol} an {payee} für „{memo}“ ist auf der Chain bestätigt, in Teilen:\n{parts}\nInsgesamt: {received} {symbol}. Ihr Beleg:\n{link}',
    part: '{amount} {symbol} auf {chain} (Transaktion {tx})',
  },
  scheduled: {
    subject: 'Zahlungsanforderung: {amount} {symbol} für „{memo}“',
    body: '{payee} fordert {amount} {symbol} für „{memo}“ an, fällig am {due}. Hier bezahlen:\n{link}',
  },
  subscription_coming: {
    subject: 'Anstehende Abbuchung: {amount} {symbol} für „{plan}“ am {date}',
    body: '{payee} bucht am {date} {amount} {symbol} für „{plan}“ von deiner Wallet ab, wie es die von dir erteilte Berechtigung erlaubt. Du musst nichts tun. Wenn du das nicht willst, kündige das Abonnement vorher auf seiner Seite:\n{link}',
  },
  subscription_past_due: {
    subject: 'Überfällig: {amount} {symbol} für „{memo}“',
    body: 'Die Abbuchung von {amount} {symbol} für „{memo}“ an {payee} war von deiner Wallet aus nicht möglich, daher ist dieser Zeitraum überfällig. Sie wird erneut versucht; du kannst auch selbst bis zum {due} mit einem Klick bezahlen:\n{link}',
  },
  footer: {
    payee: 'Sie erhalten diese E-Mail, weil Sie bei Billfold unter {site} diese Benachrichtigungen angefordert haben.',
    payer:
      'Sie erhalten diese E-Mail, weil Sie diese Adresse auf einer Billfold-Zahlungsseite unter {site} hinterlassen haben.',
    unsubscribe: 'Alle E-Mails von Billfold unter {site} dauerhaft ablehnen: {link}',
  },
  page: {
    confirmTitle: 'Adresse bestätigen',
    confirmButton: '{address} bestätigen',
    confirmed: '{address} ist bestätigt: Billfold sendet die gewählten Benachrichtigungen dorthin.',
    unsubscribeTitle: 'Alle E-Mails ablehnen',
    unsubscribeButton: 'Nie wieder E-Mails an {address} senden',
    unsubscribed: '{address} erhält keine E-Mails mehr von diesem Billfold, wer sie auch anfordert.',
    invalid: 'Dieser Link ist ungültig oder abgelaufen.',
  },
}

export default de
