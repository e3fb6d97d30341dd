import type { ErrorCatalog } from './en.ts'

const fr: ErrorCatalog = {
  apiErrors: {
    BAD_USER_INPUT: 'Une partie de votre saisie ne peut pas être utilisée. Vérifiez les champs signalés et réessayez.',
    SIGNATURE_MISMATCH: 'La signature ne correspond pas à ce qui a été signé. Signez de nouveau et réessayez.',
    UNSUPPORTED_MEDIA_TYPE: 'Billfold n’a pas pu lire ce qui a été envoyé. Rechargez la page et réessayez.',
    PAYLOAD_TOO_LARGE: 'Ce que vous avez envoyé est trop volumineux. Raccourcissez-le et réessayez.',
    METHOD_NOT_ALLOWED: 'Billfold n’accepte pas cette action ici. Rechargez la page et réessayez.',
    IDEMPOTENCY_KEY_REUSED:
      'Ceci a déjà été envoyé avec d’autres informations. Recommencez avec un nouveau formulaire.',
    UNAUTHENTICATED: 'Vous êtes déconnecté. Connectez-vous avec votre portefeuille et réessayez.',
    INVITATION_INVALID:
      'Cette invitation n’est plus utilisable : elle a expiré, a été retirée ou a déjà été acceptée. Demandez un nouveau lien.',
    FORBIDDEN: 'Votre compte n’est pas autorisé à faire cela.',
    NOT_FOUND: 'Billfold ne trouve pas ceci. Il a peut-être été supprimé, ou le lien est incomplet.',
    RATE_LIMITED: 'Trop de tentatives en peu de temps. Attendez une minute et réessayez.',
    SIWE_MESSAGE_INVALID: 'Billfold n’a pas pu lire le message de connexion. Connectez-vous de nouveau.',
    SIWE_DOMAIN_MISMATCH:
      'Le message de connexion a été créé pour un autre site. Connectez-vous de nouveau depuis cette page.',
    SIWE_CHAIN_UNSUPPORTED:
      'Votre portefeuille est sur un réseau que ce Billfold ne propose pas. Changez de réseau et connectez-vous de nouveau.',
    SIWE_EXPIRED: 'Le message de connexion a expiré. Connectez-vous de nouveau.',
    SIWE_NONCE_INVALID: 'Le message de connexion a déjà servi ou est trop ancien. Connectez-vous de nouveau.',
    SIWE_SIGNATURE_INVALID: 'La signature ne vient pas du compte connecté. Connectez-vous de nouveau avec ce compte.',
    DELEGATION_EXPIRED:
      'L’autorisation que vous avez signée pour cette clé d’API a expiré. Autorisez de nouveau la clé.',
    DELEGATION_MISSING:
      'Cette clé d’API n’est pas encore autorisée. Signez d’abord son autorisation dans votre portefeuille.',
    DATABASE_UNAVAILABLE:
      'Billfold ne peut pas accéder à ses données pour le moment ; rien n’a été enregistré. Réessayez dans un instant.',
    NOT_PAYABLE: 'Cette demande ne peut pas être payée maintenant : elle est payée, annulée ou expirée.',
    DUPLICATE_REFERENCE: 'Une demande avec la même référence existe déjà. Créez une nouvelle demande.',
    PAYMENT_RECEIVED: 'Un paiement est arrivé pour cette demande : elle ne peut plus être annulée.',
    REQUEST_CANCELLED: 'Cette demande a été annulée : rien ne peut plus y être rattaché.',
    ALREADY_ASSIGNED: 'Ce paiement a déjà été rattaché à une demande.',
    ALREADY_DISMISSED: 'Ce paiement a déjà été mis de côté.',
    NOT_DISMISSED: 'Ce paiement n’est pas mis de côté : il n’y a rien à restaurer.',
    TRANSFER_DISMISSED: 'Ce paiement est mis de côté. Restaurez-le avant de le rattacher à une demande.',
    AUTHORIZATION_UNSUPPORTED: 'Ce jeton ne peut pas être payé sans gas. Payez plutôt depuis votre portefeuille.',
    AUTHORIZATION_MISMATCH: 'Ce que vous avez signé ne correspond pas à cette demande. Signez de nouveau.',
    AUTHORIZATION_EXPIRED: 'Votre paiement signé n’est plus valable. Signez de nouveau.',
    AUTHORIZATION_USED: 'Votre paiement signé a déjà servi. Signez-en un nouveau.',
    SIGNATURE_INVALID: 'La signature ne vient pas du compte payeur. Signez de nouveau avec ce compte.',
    INSUFFICIENT_BALANCE:
      'Le compte payeur détient moins que le montant. Approvisionnez-le ou payez depuis un autre compte.',
    GASLESS_UNAVAILABLE:
      'Le paiement sans gas n’est pas disponible pour le moment. Payez plutôt depuis votre portefeuille.',
    GASLESS_REFUSED:
      'Le paiement sans gas est suspendu un moment pour ce compte. Payez plutôt depuis votre portefeuille.',
    SIMULATION_FAILED: 'Le jeton a refusé ce transfert lors d’un essai : rien n’a été envoyé.',
    NOT_PRICED: 'Cette demande porte sur un montant en jetons : elle n’a pas besoin de cotation.',
    QUOTE_KEY_MISSING: 'Les prix ne peuvent pas encore être cotés : le bénéficiaire n’a pas configuré les cotations.',
    QUOTE_UNAVAILABLE: 'Aucun taux de change actuel n’est disponible pour le moment. Réessayez dans quelques minutes.',
    SELLER_DETAILS_MISSING: 'Enregistrez vos informations de vendeur avant de créer une facture.',
    INVOICE_NUMBER_TAKEN:
      'Une autre facture vient de prendre ce numéro. Créez de nouveau la facture pour obtenir le suivant.',
    NOT_REFUNDABLE: 'Cette demande ne peut pas être remboursée : rien n’a été reçu en jetons.',
    REFUND_EXCEEDS_RECEIVED: 'Le remboursement dépasse ce qui reste à rembourser sur cette demande.',
    REFUND_FINISHED: 'Ce remboursement a déjà été envoyé : il ne peut plus être annulé.',
    SCHEDULE_STOPPED:
      'Cette facturation récurrente est arrêtée définitivement. Créez-en une nouvelle pour facturer de nouveau.',
    SUBSCRIPTION_ENDED: 'Cet abonnement a été annulé ou est terminé : il n’y a plus rien à prélever ni à annuler.',
    PERMISSION_MISMATCH:
      'L’autorisation accordée par votre portefeuille n’est pas celle que demande cette offre. Réessayez depuis le lien de l’offre.',
    EMAIL_DISABLED: 'L’e-mail est désactivé sur ce Billfold.',
    EMAIL_REFUSED: 'Cette adresse e-mail a demandé à ne plus recevoir de messages de Billfold.',
    EMAIL_CONFIRMATION_LIMITED:
      'Une confirmation vient d’être envoyée à cette adresse. Consultez la boîte de réception ou réessayez plus tard.',
    NETWORK_ERROR: 'Billfold n’a pas pu joindre son serveur. Vérifiez votre connexion et réessayez.',
    BAD_REQUEST: 'Billfold n’a pas compris cette requête. Rechargez la page et réessayez.',
    INTERNAL_SERVER_ERROR: 'Un problème est survenu de notre côté. Réessayez dans un instant.',
  },
  inputErrors: {
    other: 'Vérifiez votre saisie ici.',
    chainId: 'Choisissez un réseau dans la liste.',
    asset: 'Choisissez un jeton proposé sur ce réseau.',
    amount: 'Saisissez un montant supérieur à zéro, par exemple 12,50, sans plus de décimales que le jeton n’en a.',
    'amount.range': 'Saisissez un montant dans la fourchette permise par ce lien, indiquée au-dessus du champ.',
    payer: 'Saisissez l’adresse du payeur, 0x suivi de 40 caractères, ou laissez vide pour que chacun puisse payer.',
    memo: 'Le libellé peut compter au plus {max} caractères.',
    dueAt: 'Choisissez une échéance dans le futur.',
    payerEmail: 'Saisissez l’adresse e-mail du payeur, par exemple nom@example.com, ou laissez vide.',
    payerLanguage: 'Choisissez l’une des langues proposées.',
    metadata: 'Les données jointes sont trop volumineuses ou illisibles.',
    redirectUrl: 'Saisissez une adresse web commençant par https://.',
    currency: 'Choisissez une devise dans la liste.',
    price: 'Saisissez un prix supérieur à zéro, par exemple 49,90, avec au plus les décimales de la devise.',
    acceptedAssets: 'Cochez au moins un jeton avec lequel payer.',
    tolerance: 'Saisissez une marge de 0 à {max} %.',
    interval: 'Choisissez la fréquence : chaque semaine, chaque mois ou chaque année.',
    day: 'Choisissez un jour qui existe dans le mois choisi : un jour de la semaine pour une facturation hebdomadaire, sinon un jour de 1 à 31.',
    month: 'Choisissez un mois de janvier à décembre.',
    startsOn: 'Choisissez comme début aujourd’hui ou une date ultérieure.',
    count: 'Indiquez combien de fois, de 1 à {max}, ou laissez vide pour facturer jusqu’à l’arrêt.',
    dueDays: 'Indiquez pendant combien de jours chaque demande peut être payée, de 1 à {max}.',
    title: 'Saisissez un titre, tel que le payeur le verra.',
    minAmount: 'Saisissez un montant minimum supérieur à zéro et pas au-dessus du maximum.',
    maxAmount: 'Saisissez un montant maximum pas inférieur au minimum.',
    to: 'Saisissez l’adresse qui reçoit le remboursement : 0x suivi de 40 caractères.',
    'buyer.name': 'Saisissez le nom de l’acheteur.',
    'buyer.taxId': 'Raccourcissez le numéro de TVA ou d’identification fiscale de l’acheteur.',
    'buyer.address': 'Raccourcissez l’adresse de l’acheteur.',
    'buyer.email': 'Saisissez l’adresse e-mail de l’acheteur, par exemple nom@example.com, ou laissez vide.',
    issueDate: 'Choisissez la date d’émission de la facture.',
    dueDate: 'Choisissez une échéance égale ou postérieure à la date d’émission.',
    language: 'Choisissez l’une des langues proposées pour la facture.',
    notes: 'Les remarques peuvent compter au plus {max} caractères.',
    lines: 'La facture doit avoir au moins une ligne et au plus {max}.',
    'lines.description': 'Décrivez la ligne {line} en au plus {max} caractères.',
    'lines.quantity': 'Saisissez une quantité supérieure à zéro à la ligne {line}.',
    'lines.unitPrice': 'Saisissez un prix unitaire, par exemple 12,50, à la ligne {line}.',
    'lines.taxRate': 'Saisissez un taux de taxe de 0 à 100 % à la ligne {line}.',
    legalName: 'Saisissez la raison sociale imprimée sur vos factures.',
    taxId: 'Raccourcissez votre numéro de TVA ou d’identification fiscale.',
    'seller.address': 'Raccourcissez l’adresse imprimée sur vos factures.',
    email: 'Saisissez une adresse e-mail, par exemple nom@example.com, ou laissez vide.',
    paymentTermsDays: 'Indiquez en nombre entier combien de jours les acheteurs ont pour payer.',
    numberPattern:
      'Écrivez le modèle de numéro de facture avec le compteur {seq:4} exactement une fois, par exemple FAC-{seq:4}.',
    rounding: 'Choisissez comment la taxe est arrondie.',
    displayName: 'Saisissez le nom que voient les payeurs, en texte simple sans < ni >, en au plus {max} caractères.',
    website: 'Saisissez l’adresse de votre site, par exemple example.com, en au plus {max} caractères.',
    logo: 'Choisissez une image PNG ou SVG pour le logo.',
    address: 'Saisissez une adresse e-mail, par exemple nom@example.com.',
    url: 'Saisissez l’adresse https:// d’un serveur que Billfold peut joindre, où les événements sont envoyés, par exemple https://shop.example/hooks.',
    'url.tooMany': 'Vous avez déjà {max} points de réception : supprimez-en un avant d’en ajouter un autre.',
    events: 'Choisissez au moins un événement à envoyer.',
    name: 'Saisissez un nom pour la clé.',
    scopes: 'Choisissez au moins une permission pour la clé.',
    expiresAt: 'Indiquez pendant combien de jours la clé est valable, de 1 à {max}.',
    feeCap:
      'Saisissez les frais maximum par paiement sous forme de montant, par exemple 0,0005, ou laissez vide pour aucun plafond.',
    revertBudget: 'Saisissez un nombre entier de 1 à 100.',
    postcode: 'Raccourcissez le code postal à 20 caractères.',
    city: 'Raccourcissez la ville à 80 caractères.',
    country: 'Choisissez votre pays dans la liste.',
    vatId: 'Saisissez votre numéro de TVA avec le préfixe du pays, comme FR12345678901, ou laissez vide.',
    phone: 'Saisissez un numéro de téléphone d’au moins trois chiffres, comme +33 1 23 45 67 89, ou laissez vide.',
    seller:
      'Ajoutez votre numéro de TVA (ou, pour les lignes exonérées, votre numéro fiscal) dans Réglages → Facturation : ces catégories de TVA l’exigent.',
    'buyer.postcode': 'Raccourcissez le code postal de l’acheteur à 20 caractères.',
    'buyer.city': 'Raccourcissez la ville de l’acheteur à 80 caractères.',
    'buyer.country': 'Choisissez le pays de l’acheteur dans la liste.',
    'buyer.vatId':
      'Saisissez le numéro de TVA de l’acheteur avec le préfixe du pays, comme FR12345678901 : l’autoliquidation et les livraisons intracommunautaires l’exigent.',
    'lines.taxCategory':
      'Choisissez une catégorie de TVA adaptée à la ligne {line} : « hors champ de la TVA » s’emploie seule, sur une facture sans numéro de TVA.',
    buyerReference: 'Raccourcissez la référence de l’acheteur à 100 caractères sur une ligne.',
    paymentTerms: 'Raccourcissez les conditions de paiement à 300 caractères sur une ligne.',
    deliveryDate:
      'Choisissez la date de livraison : une livraison intracommunautaire l’exige, ou une période de prestation.',
    periodStart: 'Choisissez le premier jour de la période de prestation, ou laissez les deux jours vides.',
    periodEnd: 'Choisissez le dernier jour de la période de prestation, le premier jour ou après.',
    exemptionReason:
      'Indiquez pourquoi aucune TVA n’est facturée, comme « TVA non applicable, art. 293 B du CGI », en 300 caractères au plus.',
    exemptionCode: 'Saisissez un code VATEX comme VATEX-EU-132, ou laissez vide.',
    chart: 'Choisissez SKR03 ou SKR04.',
    consultantNumber: 'Saisissez le numéro de conseiller DATEV donné par votre conseiller fiscal, de 1001 à 9999999.',
    clientNumber: 'Saisissez le numéro de client DATEV donné par votre conseiller fiscal, de 1 à 99999.',
    fiscalYearStart: 'Choisissez le mois où commence votre exercice.',
    accountLength: 'Saisissez une longueur de compte de 4 à 8 chiffres.',
    'accounts.clearing':
      'Saisissez un numéro de compte d’autant de chiffres que la longueur des comptes, ou laissez vide pour celui du plan.',
    'accounts.revenueStandard':
      'Saisissez un numéro de compte d’autant de chiffres que la longueur des comptes, ou laissez vide pour celui du plan.',
    'accounts.revenueReduced':
      'Saisissez un numéro de compte d’autant de chiffres que la longueur des comptes, ou laissez vide pour celui du plan.',
    'accounts.revenueTaxFree':
      'Saisissez un numéro de compte d’autant de chiffres que la longueur des comptes, ou laissez vide pour celui du plan.',
    'accounts.revenue':
      'Saisissez un numéro de compte d’autant de chiffres que la longueur des comptes, ou laissez vide pour celui du plan.',
    'accounts.fees':
      'Saisissez un numéro de compte d’autant de chiffres que la longueur des comptes, ou laissez vide pour celui du plan.',
  },
}

export default fr
