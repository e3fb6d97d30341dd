import type { ErrorCatalog } from './en.ts'

const de: ErrorCatalog = {
  apiErrors: {
    BAD_USER_INPUT:
      'Einige Angaben können so nicht verwendet werden. Prüfen Sie die markierten Felder und versuchen Sie es erneut.',
    SIGNATURE_MISMATCH:
      'Die Signatur passt nicht zum Signierten. Signieren Sie erneut und versuchen Sie es noch einmal.',
    UNSUPPORTED_MEDIA_TYPE:
      'Billfold konnte die gesendeten Daten nicht lesen. Laden Sie die Seite neu und versuchen Sie es erneut.',
    PAYLOAD_TOO_LARGE: 'Das Gesendete ist zu groß. Kürzen Sie es und versuchen Sie es erneut.',
    METHOD_NOT_ALLOWED: 'Diese Aktion ist hier nicht möglich. Laden Sie die Seite neu und versuchen Sie es erneut.',
    IDEMPOTENCY_KEY_REUSED: 'Dies wurde bereits mit anderen Angaben gesendet. Beginnen Sie mit einem neuen Formular.',
    UNAUTHENTICATED: 'Sie sind abgemeldet. Melden Sie sich mit Ihrer Wallet an und versuchen Sie es erneut.',
    INVITATION_INVALID:
      'Diese Einladung ist nicht mehr gültig: Sie ist abgelaufen, wurde zurückgezogen oder schon angenommen. Bitten Sie um einen neuen Link.',
    FORBIDDEN: 'Ihr Konto darf das nicht.',
    NOT_FOUND: 'Billfold findet das nicht. Es wurde vielleicht entfernt, oder der Link ist unvollständig.',
    RATE_LIMITED: 'Zu viele Versuche in kurzer Zeit. Warten Sie eine Minute und versuchen Sie es erneut.',
    SIWE_MESSAGE_INVALID: 'Billfold konnte die Anmeldenachricht nicht lesen. Melden Sie sich erneut an.',
    SIWE_DOMAIN_MISMATCH:
      'Die Anmeldenachricht wurde für eine andere Website erstellt. Melden Sie sich auf dieser Seite erneut an.',
    SIWE_CHAIN_UNSUPPORTED:
      'Ihre Wallet ist in einem Netzwerk, das dieses Billfold nicht anbietet. Wechseln Sie das Netzwerk und melden Sie sich erneut an.',
    SIWE_EXPIRED: 'Die Anmeldenachricht ist abgelaufen. Melden Sie sich erneut an.',
    SIWE_NONCE_INVALID: 'Die Anmeldenachricht wurde schon verwendet oder ist zu alt. Melden Sie sich erneut an.',
    SIWE_SIGNATURE_INVALID:
      'Die Signatur stammt nicht vom verbundenen Konto. Melden Sie sich mit diesem Konto erneut an.',
    DELEGATION_EXPIRED:
      'Die Erlaubnis, die Sie für diesen API-Schlüssel signiert haben, ist abgelaufen. Autorisieren Sie den Schlüssel erneut.',
    DELEGATION_MISSING:
      'Dieser API-Schlüssel ist noch nicht autorisiert. Signieren Sie zuerst seine Erlaubnis in Ihrer Wallet.',
    DATABASE_UNAVAILABLE:
      'Billfold erreicht seine Daten gerade nicht; nichts wurde gespeichert. Versuchen Sie es gleich noch einmal.',
    NOT_PAYABLE: 'Diese Anforderung kann jetzt nicht bezahlt werden: Sie ist bezahlt, storniert oder abgelaufen.',
    DUPLICATE_REFERENCE: 'Eine Anforderung mit derselben Referenz gibt es schon. Erstellen Sie eine neue Anforderung.',
    PAYMENT_RECEIVED: 'Für diese Anforderung ist eine Zahlung eingegangen, daher kann sie nicht mehr storniert werden.',
    REQUEST_CANCELLED: 'Diese Anforderung wurde storniert, daher kann ihr nichts mehr zugeordnet werden.',
    ALREADY_ASSIGNED: 'Diese Zahlung wurde bereits einer Anforderung zugeordnet.',
    ALREADY_DISMISSED: 'Diese Zahlung wurde bereits beiseitegelegt.',
    NOT_DISMISSED: 'Diese Zahlung ist nicht beiseitegelegt, es gibt nichts wiederherzustellen.',
    TRANSFER_DISMISSED:
      'Diese Zahlung ist beiseitegelegt. Stellen Sie sie wieder her, bevor Sie sie einer Anforderung zuordnen.',
    AUTHORIZATION_UNSUPPORTED:
      'Dieser Token kann nicht ohne Gas bezahlt werden. Zahlen Sie stattdessen aus Ihrer Wallet.',
    AUTHORIZATION_MISMATCH: 'Was Sie signiert haben, passt nicht zu dieser Anforderung. Signieren Sie erneut.',
    AUTHORIZATION_EXPIRED: 'Ihre signierte Zahlung ist nicht mehr gültig. Signieren Sie erneut.',
    AUTHORIZATION_USED: 'Ihre signierte Zahlung wurde bereits verwendet. Signieren Sie eine neue.',
    SIGNATURE_INVALID: 'Die Signatur stammt nicht vom zahlenden Konto. Signieren Sie erneut mit diesem Konto.',
    INSUFFICIENT_BALANCE:
      'Das zahlende Konto hat weniger als den Betrag. Laden Sie es auf oder zahlen Sie von einem anderen Konto.',
    GASLESS_UNAVAILABLE: 'Zahlen ohne Gas ist gerade nicht möglich. Zahlen Sie stattdessen aus Ihrer Wallet.',
    GASLESS_REFUSED:
      'Zahlen ohne Gas ist für dieses Konto eine Weile pausiert. Zahlen Sie stattdessen aus Ihrer Wallet.',
    SIMULATION_FAILED: 'Der Token hat diese Überweisung im Probelauf abgelehnt, daher wurde nichts gesendet.',
    NOT_PRICED: 'Diese Anforderung verlangt einen Token-Betrag und braucht daher kein Preisangebot.',
    QUOTE_KEY_MISSING:
      'Preise können noch nicht angeboten werden: Der Zahlungsempfänger hat Preisangebote nicht eingerichtet.',
    QUOTE_UNAVAILABLE: 'Gerade ist kein aktueller Wechselkurs verfügbar. Versuchen Sie es in ein paar Minuten erneut.',
    SELLER_DETAILS_MISSING: 'Speichern Sie Ihre Verkäuferangaben, bevor Sie eine Rechnung erstellen.',
    INVOICE_NUMBER_TAKEN:
      'Eine andere Rechnung hat gerade diese Nummer erhalten. Erstellen Sie die Rechnung erneut, um die nächste zu bekommen.',
    NOT_REFUNDABLE: 'Diese Anforderung kann nicht erstattet werden: In einem Token ist nichts eingegangen.',
    REFUND_EXCEEDS_RECEIVED:
      'Die Erstattung ist höher als der Betrag, der bei dieser Anforderung noch erstattet werden kann.',
    REFUND_FINISHED: 'Diese Erstattung wurde bereits gesendet und kann nicht mehr storniert werden.',
    SCHEDULE_STOPPED: 'Dieser Zahlungsplan ist endgültig beendet. Erstellen Sie einen neuen, um wieder abzurechnen.',
    SUBSCRIPTION_ENDED:
      'Dieses Abonnement wurde gekündigt oder ist beendet: Es gibt nichts mehr abzubuchen oder zu kündigen.',
    PERMISSION_MISMATCH:
      'Die Berechtigung, die Ihre Wallet erteilt hat, ist nicht die, die dieser Tarif verlangt. Versuchen Sie es erneut über den Link des Tarifs.',
    EMAIL_DISABLED: 'E-Mail ist bei diesem Billfold ausgeschaltet.',
    EMAIL_REFUSED: 'Diese E-Mail-Adresse möchte keine Nachrichten von Billfold mehr erhalten.',
    EMAIL_CONFIRMATION_LIMITED:
      'An diese Adresse wurde gerade eine Bestätigung gesendet. Sehen Sie im Posteingang nach oder versuchen Sie es später erneut.',
    NETWORK_ERROR: 'Billfold erreicht seinen Server nicht. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    BAD_REQUEST: 'Billfold hat diese Anfrage nicht verstanden. Laden Sie die Seite neu und versuchen Sie es erneut.',
    INTERNAL_SERVER_ERROR: 'Bei uns ist etwas schiefgegangen. Versuchen Sie es gleich noch einmal.',
  },
  inputErrors: {
    other: 'Prüfen Sie Ihre Eingabe hier.',
    chainId: 'Wählen Sie ein Netzwerk aus der Liste.',
    asset: 'Wählen Sie einen Token, den dieses Netzwerk anbietet.',
    amount: 'Geben Sie einen Betrag über null ein, etwa 12,50, mit nicht mehr Nachkommastellen, als der Token hat.',
    'amount.range':
      'Geben Sie einen Betrag innerhalb des Bereichs ein, den dieser Link erlaubt (über dem Feld angegeben).',
    payer:
      'Geben Sie die Adresse des Zahlers ein, 0x gefolgt von 40 Zeichen, oder lassen Sie das Feld leer, damit jeder zahlen kann.',
    memo: 'Der Verwendungszweck darf höchstens {max} Zeichen lang sein.',
    dueAt: 'Wählen Sie ein Fälligkeitsdatum in der Zukunft.',
    payerEmail: 'Geben Sie die E-Mail-Adresse des Zahlers ein, etwa name@example.com, oder lassen Sie das Feld leer.',
    payerLanguage: 'Wählen Sie eine der angebotenen Sprachen.',
    metadata: 'Die angehängten Zusatzdaten sind zu groß oder nicht lesbar.',
    redirectUrl: 'Geben Sie eine Webadresse ein, die mit https:// beginnt.',
    currency: 'Wählen Sie eine Währung aus der Liste.',
    price: 'Geben Sie einen Preis über null ein, etwa 49,90, mit höchstens so vielen Nachkommastellen wie die Währung.',
    acceptedAssets: 'Kreuzen Sie mindestens einen Token an, mit dem bezahlt werden kann.',
    tolerance: 'Geben Sie eine Abweichung von 0 bis {max} % ein.',
    interval: 'Wählen Sie, wie oft: jede Woche, jeden Monat oder jedes Jahr.',
    day: 'Wählen Sie einen Tag, den es im gewählten Monat gibt: einen Wochentag bei wöchentlicher Abrechnung, sonst einen Tag von 1 bis 31.',
    month: 'Wählen Sie einen Monat von Januar bis Dezember.',
    startsOn: 'Wählen Sie als Beginn heute oder ein späteres Datum.',
    count: 'Geben Sie an, wie oft, von 1 bis {max}, oder lassen Sie das Feld leer, um bis zum Beenden abzurechnen.',
    dueDays: 'Geben Sie an, wie viele Tage jede Anforderung bezahlt werden kann, von 1 bis {max}.',
    title: 'Geben Sie einen Titel ein, wie der Zahler ihn sehen soll.',
    minAmount: 'Geben Sie einen kleinsten Betrag über null ein, der nicht über dem größten liegt.',
    maxAmount: 'Geben Sie einen größten Betrag ein, der nicht unter dem kleinsten liegt.',
    to: 'Geben Sie die Adresse ein, die die Erstattung erhält: 0x gefolgt von 40 Zeichen.',
    'buyer.name': 'Geben Sie den Namen des Käufers ein.',
    'buyer.taxId': 'Kürzen Sie die USt-IdNr. oder Steuernummer des Käufers.',
    'buyer.address': 'Kürzen Sie die Anschrift des Käufers.',
    'buyer.email':
      'Geben Sie die E-Mail-Adresse des Käufers ein, etwa name@example.com, oder lassen Sie das Feld leer.',
    issueDate: 'Wählen Sie das Ausstellungsdatum der Rechnung.',
    dueDate: 'Wählen Sie ein Fälligkeitsdatum am oder nach dem Ausstellungsdatum.',
    language: 'Wählen Sie eine der angebotenen Sprachen für die Rechnung.',
    notes: 'Die Anmerkungen dürfen höchstens {max} Zeichen lang sein.',
    lines: 'Geben Sie der Rechnung mindestens eine und höchstens {max} Positionen.',
    'lines.description': 'Beschreiben Sie Position {line} in höchstens {max} Zeichen.',
    'lines.quantity': 'Geben Sie in Position {line} eine Menge über null ein.',
    'lines.unitPrice': 'Geben Sie in Position {line} einen Einzelpreis ein, etwa 12,50.',
    'lines.taxRate': 'Geben Sie in Position {line} einen Steuersatz von 0 bis 100 % ein.',
    legalName: 'Geben Sie den rechtlichen Namen ein, der auf Ihren Rechnungen steht.',
    taxId: 'Kürzen Sie Ihre USt-IdNr. oder Steuernummer.',
    'seller.address': 'Kürzen Sie die Anschrift, die auf Ihren Rechnungen steht.',
    email: 'Geben Sie eine E-Mail-Adresse ein, etwa name@example.com, oder lassen Sie das Feld leer.',
    paymentTermsDays: 'Geben Sie als ganze Zahl an, wie viele Tage Käufer zum Bezahlen haben.',
    numberPattern: 'Schreiben Sie das Muster der Rechnungsnummer mit dem Zähler {seq:4} genau einmal, etwa RE-{seq:4}.',
    rounding: 'Wählen Sie, wie die Steuer gerundet wird.',
    displayName:
      'Geben Sie den Namen ein, den Zahler sehen, als reinen Text ohne < oder >, in höchstens {max} Zeichen.',
    website: 'Geben Sie die Adresse Ihrer Website ein, etwa example.com, in höchstens {max} Zeichen.',
    logo: 'Wählen Sie ein PNG- oder SVG-Bild als Logo.',
    address: 'Geben Sie eine E-Mail-Adresse ein, etwa name@example.com.',
    url: 'Geben Sie die https://-Adresse eines für Billfold erreichbaren Servers ein, an den Ereignisse gesendet werden, etwa https://shop.example/hooks.',
    'url.tooMany': 'Sie haben bereits {max} Endpunkte: Entfernen Sie einen, bevor Sie einen weiteren hinzufügen.',
    events: 'Wählen Sie mindestens ein Ereignis, das gesendet wird.',
    name: 'Geben Sie einen Namen für den Schlüssel ein.',
    scopes: 'Wählen Sie mindestens eine Berechtigung für den Schlüssel.',
    expiresAt: 'Geben Sie an, wie viele Tage der Schlüssel gilt, von 1 bis {max}.',
    feeCap:
      'Geben Sie die höchste Gebühr pro Zahlung als Betrag ein, etwa 0,0005, oder lassen Sie das Feld leer für keine Obergrenze.',
    revertBudget: 'Geben Sie eine ganze Zahl von 1 bis 100 ein.',
    postcode: 'Kürzen Sie die Postleitzahl auf 20 Zeichen.',
    city: 'Kürzen Sie den Ort auf 80 Zeichen.',
    country: 'Wählen Sie Ihr Land aus der Liste.',
    vatId: 'Geben Sie Ihre USt-IdNr. mit Länderkürzel ein, etwa DE123456789, oder lassen Sie das Feld leer.',
    phone:
      'Geben Sie eine Telefonnummer mit mindestens drei Ziffern ein, etwa +49 30 1234567, oder lassen Sie das Feld leer.',
    seller:
      'Tragen Sie Ihre USt-IdNr. (für steuerbefreite Positionen Ihre Steuernummer) unter Einstellungen → Rechnungen ein: diese Steuerkategorien verlangen sie.',
    'buyer.postcode': 'Kürzen Sie die Postleitzahl des Käufers auf 20 Zeichen.',
    'buyer.city': 'Kürzen Sie den Ort des Käufers auf 80 Zeichen.',
    'buyer.country': 'Wählen Sie das Land des Käufers aus der Liste.',
    'buyer.vatId':
      'Geben Sie die USt-IdNr. des Käufers mit Länderkürzel ein, etwa FR12345678901: Reverse-Charge und innergemeinschaftliche Lieferungen verlangen sie.',
    'lines.taxCategory':
      'Wählen Sie für Position {line} eine passende Steuerkategorie: „nicht steuerbar“ steht allein, auf einer Rechnung ohne USt-IdNr.',
    buyerReference: 'Kürzen Sie die Käuferreferenz auf 100 Zeichen in einer Zeile.',
    paymentTerms: 'Kürzen Sie die Zahlungsbedingungen auf 300 Zeichen in einer Zeile.',
    deliveryDate:
      'Wählen Sie das Lieferdatum: eine innergemeinschaftliche Lieferung braucht es oder einen Leistungszeitraum.',
    periodStart: 'Wählen Sie den ersten Tag des Leistungszeitraums oder lassen Sie beide Tage leer.',
    periodEnd: 'Wählen Sie den letzten Tag des Leistungszeitraums, am oder nach dem ersten Tag.',
    exemptionReason:
      'Nennen Sie den Grund, warum keine Umsatzsteuer berechnet wird, etwa „Kleinunternehmer gemäß § 19 UStG“, in höchstens 300 Zeichen.',
    exemptionCode: 'Geben Sie einen VATEX-Code wie VATEX-EU-132 ein oder lassen Sie das Feld leer.',
    chart: 'Wählen Sie SKR03 oder SKR04.',
    consultantNumber: 'Geben Sie die DATEV-Beraternummer Ihrer Steuerberatung ein, von 1001 bis 9999999.',
    clientNumber: 'Geben Sie die DATEV-Mandantennummer Ihrer Steuerberatung ein, von 1 bis 99999.',
    fiscalYearStart: 'Wählen Sie den Monat, in dem Ihr Wirtschaftsjahr beginnt.',
    accountLength: 'Geben Sie eine Sachkontenlänge von 4 bis 8 Stellen ein.',
    'accounts.clearing':
      'Geben Sie eine Kontonummer mit so vielen Stellen wie die Sachkontenlänge ein, oder lassen Sie das Feld leer für das Konto des Kontenrahmens.',
    'accounts.revenueStandard':
      'Geben Sie eine Kontonummer mit so vielen Stellen wie die Sachkontenlänge ein, oder lassen Sie das Feld leer für das Konto des Kontenrahmens.',
    'accounts.revenueReduced':
      'Geben Sie eine Kontonummer mit so vielen Stellen wie die Sachkontenlänge ein, oder lassen Sie das Feld leer für das Konto des Kontenrahmens.',
    'accounts.revenueTaxFree':
      'Geben Sie eine Kontonummer mit so vielen Stellen wie die Sachkontenlänge ein, oder lassen Sie das Feld leer für das Konto des Kontenrahmens.',
    'accounts.revenue':
      'Geben Sie eine Kontonummer mit so vielen Stellen wie die Sachkontenlänge ein, oder lassen Sie das Feld leer für das Konto des Kontenrahmens.',
    'accounts.fees':
      'Geben Sie eine Kontonummer mit so vielen Stellen wie die Sachkontenlänge ein, oder lassen Sie das Feld leer für das Konto des Kontenrahmens.',
  },
}

export default de
