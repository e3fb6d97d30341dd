import type { PayerSubscriptionsCatalog } from './en.ts'

const de: PayerSubscriptionsCatalog = {
  'payer/subscriptions/words': {
    week: 'Woche',
    month: 'Monat (30 Tage)',
    year: 'Jahr (365 Tage)',
    active: 'Aktiv',
    past_due: 'Überfällig',
    paused: 'Pausiert',
    cancelled_by_payer: 'Vom Zahler gekündigt',
    cancelled_by_payee: 'Vom Empfänger gekündigt',
    ended: 'Beendet',
    due: 'Fällig',
    charging: 'Wird abgebucht',
    sent: 'Gesendet',
    paid: 'Bezahlt',
    given_up: 'Unbezahlt',
    cancelled: 'Storniert',
  },
  'payer/subscriptions/plan': {
    title: 'Abonnieren',
    loading: 'Tarif wird geladen…',
    each: '{amount} pro {period}',
    trial: '{days} Tage kostenlos: Die erste Abbuchung ist am {date}.',
    firstNow: 'Der erste Zeitraum wird abgebucht, sobald du abonnierst.',
    periodsOne: 'Für {count} Zeitraum.',
    periodsOther: 'Für {count} Zeiträume.',
    endsOn: 'Bis {date}.',
    untilCancelled: 'Bis du kündigst.',
    permission:
      'Deine Wallet wird einmal um eine Berechtigung gebeten, die die Chain durchsetzt: höchstens {amount} pro {period}, nur an {payee}, bis {date}. Billfold verwahrt nie dein Geld, und du kannst jederzeit kündigen.',
    permissionPermit2:
      'Deine Wallet wird einmal um eine Permit2-Freigabe gebeten, die die Chain durchsetzt: insgesamt höchstens {total}, nur durch den Abbucher von {payee}, bis {date}. Sie begrenzt die Summe, nicht jede Periode: Lies den Hinweis unten, bevor du signierst. Billfold verwahrt nie dein Geld, und du kannst jederzeit kündigen.',
    permissionEither:
      'Deine Wallet wird einmal um eine Berechtigung gebeten, die die Chain durchsetzt, bis {date}: mit einer periodischen Berechtigung höchstens {amount} pro {period}, nur an {payee}; mit einer Permit2-Freigabe insgesamt höchstens {total}, nur durch den Abbucher von {payee}. Billfold verwahrt nie dein Geld, und du kannst jederzeit kündigen.',
    connectPrompt: 'Verbinde die Wallet, mit der du zahlst.',
    wrongNetwork: 'Wechsle deine Wallet zu {chain}, um zu abonnieren.',
    checking: 'Prüfe, was deine Wallet erteilen kann…',
    unsupported:
      'Deine Wallet kann keine periodische Berechtigung (ERC-7715) erteilen, und Permit2 gibt es auf dieser Chain nicht, daher kann dieser Tarif nicht selbst von ihr abbuchen. Du kannst stattdessen jeden Zeitraum selbst bezahlen: Die Anforderung jedes Zeitraums kommt zu dir, und du bezahlst sie auf ihrer Seite.',
    offers: 'Deine Wallet kann diesen Tarif so bezahlen, das Sicherste zuerst:',
    erc7715:
      'Periodische Berechtigung (ERC-7715): Die Chain lässt höchstens {amount} pro {period} abbuchen, nur an {payee}, bis {date}.',
    permit2:
      'Permit2-Freigabe: Die Chain lässt insgesamt höchstens {total} abbuchen, nur durch den Abbucher von {payee}, bis {date}.',
    permit2Total:
      'Bevor du unterschreibst: Eine Permit2-Freigabe begrenzt die Gesamtsumme, nicht jeden Zeitraum. Die Chain lässt bis {date} bis zu {total} abbuchen; dass pro {period} höchstens {amount} abgebucht wird, sichert Billfold, nicht die Chain. Würde Billfold je kompromittiert, könnten die ganzen {total} auf einmal abgebucht werden. Du kannst jederzeit kündigen.',
    byHand:
      'Oder bezahle jeden Zeitraum selbst: Es wird nichts erteilt; die Anforderung jedes Zeitraums kommt zu dir (per E-Mail, wenn du deine Adresse angibst), und du bezahlst sie selbst.',
    byHandButton: 'Jeden Zeitraum selbst bezahlen',
    subscribePermit2: 'Mit Permit2 abonnieren: insgesamt bis zu {total}',
    email: 'Deine E-Mail (optional)',
    emailHint: 'Für eine Quittung jeder Abbuchung und eine Nachricht, wenn eine fehlschlägt.',
    subscribe: 'Abonnieren: {amount} pro {period}',
    confirming: 'In deiner Wallet bestätigen…',
    started: 'Abonniert. Dein Abonnement wird geöffnet…',
  },
  'payer/subscriptions/page': {
    title: 'Dein Abonnement',
    loading: 'Dein Abonnement wird geladen…',
    each: '{amount} pro {period}',
    state: 'Status',
    next: 'Nächste Abbuchung',
    payee: 'An',
    keepLink: 'Bewahre den Link dieser Seite auf: Hier siehst und kündigst du dieses Abonnement.',
    pastDue:
      'Eine Abbuchung war nicht möglich. Sie wird am {date} erneut versucht; du kannst sie jetzt selbst bezahlen.',
    payByHand: 'Zeitraum {period} selbst bezahlen',
    charges: 'Abbuchungen',
    period: 'Zeitraum',
    starts: 'Beginn',
    amount: 'Betrag',
    transaction: 'Transaktion',
    receipt: 'Quittung',
    seeReceipt: 'Quittung für Zeitraum {period}',
    noCharges: 'Noch keine Abbuchung.',
    cancel: 'Abonnement kündigen',
    cancelHint: 'Deine Wallet widerruft die Berechtigung auf der Chain; danach kann nichts mehr abgebucht werden.',
    cancelling: 'In deiner Wallet bestätigen…',
    onlyPayer: 'Verbinde die Wallet, die abonniert hat ({payer}), um zu kündigen.',
    cancelled: 'Gekündigt: Es kann nichts mehr abgebucht werden.',
  },
  'payer/subscriptions/reasons': {
    balance_too_low: 'Das Guthaben des Zahlers reichte für diese Abbuchung nicht aus.',
    permission_revoked: 'Der Zahler hat die Berechtigung widerrufen.',
    permission_expired: 'Die Berechtigung ist abgelaufen.',
    permission_not_started: 'Die Berechtigung hat noch nicht begonnen.',
    account_not_upgraded:
      'Das Konto des Zahlers führt den Smart-Account-Code, den die Berechtigung braucht, nicht mehr aus.',
    over_period_amount: 'Der Betrag liegt über dem, was die Berechtigung pro Zeitraum erlaubt.',
    period_spent: 'Das Kontingent dieses Zeitraums ist bereits aufgebraucht.',
    allowance_spent: 'Der Rest des Permit2-Gesamtbetrags reicht für diese Abbuchung nicht aus.',
    token_approval_low: 'Die Token-Freigabe des Zahlers für Permit2 ist niedriger als diese Abbuchung.',
    would_revert: 'Die Chain würde die Abbuchung ablehnen.',
    above_cap: 'Der Betrag des Tarifs, {amount}, liegt über den {cap}, die die Berechtigung pro Zeitraum erlaubt.',
    quote_above_cap:
      'Der Preis des Tarifs zum Kurs dieses Zeitraums, {amount}, liegt über den {cap}, die die Berechtigung pro Zeitraum erlaubt (der Kurs bei der Erteilung plus die Toleranz des Tarifs).',
    relayer_unavailable: 'Der Relayer des Zahlungsempfängers konnte die Abbuchung nicht senden.',
    transaction_failed: 'Die Transaktion der Abbuchung ist auf der Chain fehlgeschlagen.',
    send_failed: 'Die Abbuchung konnte nicht gesendet werden.',
    details: 'Details (auf Englisch): {details}',
    grantAgain:
      'Deine Berechtigung erlaubt höchstens {cap} pro Zeitraum, weniger als der Tarif jetzt verlangt. Bezahle diesen Zeitraum von Hand, oder kündige unten und starte den Tarif über seinen Link neu: Deine Wallet wird dann um eine Berechtigung für den neuen Betrag gebeten.',
    planLink: 'Link des Tarifs öffnen',
  },
}

export default de
