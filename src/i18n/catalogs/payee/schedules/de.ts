import type { SchedulesCatalog } from './en.ts'

const de: SchedulesCatalog = {
  'payee/schedules/page': {
    title: 'Wiederkehrende Zahlungsanforderungen',
    intro:
      'Eine Anforderung über denselben Betrag jede Woche, jeden Monat oder jedes Jahr, erstellt zu Beginn des Zeitraums und für Sie signiert mit dem eigenen Schlüssel des Zeitplans (Ihr Wallet signiert einmal). Sein Link zeigt immer die Anforderung des laufenden Zeitraums.',
    introMember:
      'Eine Anforderung über denselben Betrag jede Woche, jeden Monat oder jedes Jahr, erstellt zu Beginn des Zeitraums und für das Unternehmen signiert von seinem Mitglieder-Delegierten, den der Inhaber autorisiert hat: Ihr Wallet signiert nichts. Sein Link zeigt immer die Anforderung des laufenden Zeitraums.',
    introBeforeDelegate:
      'Eine Anforderung über denselben Betrag jede Woche, jeden Monat oder jedes Jahr, erstellt zu Beginn des Zeitraums und für das Unternehmen signiert von seinem Mitglieder-Delegierten. Der Inhaber muss diesen Delegierten zuerst auf der Seite „Mitarbeitende“ mit seinem Wallet autorisieren: Bis dahin erstellen Mitglieder keine wiederkehrenden Anforderungen.',
    none: 'Noch keine wiederkehrenden Zahlungsanforderungen.',
    cardLabel: 'Zeitplan: {name}',
    active: 'Aktiv',
    paused: 'Pausiert',
    stopped: 'Beendet',
    finished: 'Abgeschlossen',
    fromDate: '{cadence}, ab {date}',
    timesOne: '{count}-mal',
    timesOther: '{count}-mal',
    untilStopped: 'bis Sie ihn beenden',
    next: 'nächste am {date}',
    linkFor:
      'Unter diesem Link findet Ihre zahlende Person die Anforderung des laufenden Zeitraums. Schicken Sie ihn mit dem Hinweis, dass er wiederkehrt:',
    payerMessage:
      '{memo}: {amount}, wiederkehrend ({cadence}). Die Anforderung jedes Zeitraums finden Sie unter {link}',
    copyMessage: 'Nachricht für die zahlende Person kopieren',
    copyLink: 'Link des Zeitplans kopieren',
    period: 'Zeitraum',
    request: 'Anforderung',
    due: 'Fällig',
    status: 'Status',
    pause: 'Pausieren',
    resume: 'Fortsetzen',
    stop: 'Endgültig beenden',
  },
  'payee/schedules/cadence': {
    week: 'Jede Woche am {weekday}',
    month: 'Jeden Monat am {day}.',
    monthLast: 'Jeden Monat am {day}. (oder am letzten Tag des Monats)',
    year: 'Jedes Jahr am {date}',
    leapDay: 'Jedes Jahr am {date} (in anderen Jahren am 28. Februar)',
  },
  'payee/schedules/form': {
    title: 'Neue wiederkehrende Anforderung',
    amount: 'Betrag je Zeitraum',
    asset: 'Token',
    memo: 'Verwendungszweck',
    memoHint: 'Der Verwendungszweck jeder Anforderung endet mit dem ersten Tag ihres Zeitraums.',
    from: 'Ab',
    count: 'Wie oft (optional)',
    countHint: 'Leer: bis Sie ihn beenden.',
    dueDays: 'Zahlbar innerhalb von (Tagen)',
    payer: 'Nur von dieser zahlenden Adresse (optional)',
    signInWallet: 'Im Wallet signieren…',
    create: 'Erstellen und signieren',
    createAsMember: 'Erstellen',
    creatingAsMember: 'Wird erstellt…',
    every: 'Wiederholung',
    week: 'wöchentlich',
    month: 'monatlich',
    year: 'jährlich',
    monthOfYear: 'Monat',
    weekday: 'Am',
    day: 'Am Tag',
    dayHint: 'Ein Monat ohne diesen Tag nimmt seinen letzten Tag (der 31.: 30. April, 28. oder 29. Februar).',
    email: 'E-Mail der zahlenden Person (optional)',
    emailOff:
      'Dieses Billfold versendet keine E-Mails: Wären sie eingeschaltet, ginge die Anforderung jedes Zeitraums hierhin.',
    emailOn: 'Die Anforderung jedes Zeitraums wird hierhin gesendet, mit ihrem Zahlungslink.',
    emailLanguage: 'Auf',
  },
}

export default de
