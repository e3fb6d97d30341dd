import type { EmailCatalog } from './en.ts'

const fr: EmailCatalog = {
  confirm: {
    subject: 'Confirmez votre adresse pour les avis de Billfold',
    body: 'Confirmez que Billfold sur {site} peut envoyer des avis sur vos demandes de paiement à cette adresse :\n{link}\nLe lien vaut 48 heures. Si vous ne l’avez pas demandé, ignorez cet e-mail, ou refusez tout e-mail de ce Billfold avec le dernier lien.',
  },
  paid: {
    subject: 'Payée : {amount} {symbol} pour « {memo} »',
    body: 'Votre demande « {memo} » de {amount} {symbol} est payée.\n{link}',
  },
  partially_paid: {
    subject: 'Payée en partie : {received} sur {amount} {symbol} pour « {memo} »',
    body: 'Votre demande « {memo} » est payée en partie : {received} sur {amount} {symbol} reçus.\n{link}',
  },
  overpaid: {
    subject: 'Trop payée : {received} {symbol} pour « {memo} »',
    body: 'Votre demande « {memo} » de {amount} {symbol} a reçu {received} {symbol}. Vous pouvez rembourser l’excédent depuis sa page.\n{link}',
  },
  expired: {
    subject: 'Expirée sans paiement : « {memo} »',
    body: 'Votre demande « {memo} » de {amount} {symbol} a expiré sans rien recevoir.\n{link}',
  },
  unmatched: {
    subject: 'Un virement ne correspond à aucune demande : {amount} {symbol}',
    body: 'Un virement de {amount} {symbol} venant de {from} vous est parvenu sans correspondre à aucune demande. Rattachez-le à une demande ou écartez-le :\n{link}',
  },
  refunded: {
    subject: 'Remboursement confirmé : {amount} {symbol} pour « {memo} »',
    body: 'Votre remboursement de {amount} {symbol} à {to} pour « {memo} » est sur la chaîne (transaction {tx}).\n{link}',
  },
  webhook_failing: {
    subject: 'Un point de terminaison webhook échoue depuis une heure',
    body: 'Les envois vers {url} échouent depuis plus d’une heure ; ils sont retentés pendant environ trois jours. Vérifiez le point de terminaison :\n{link}',
  },
  relayer_low: {
    subject: 'Votre relayeur sur {chain} est presque vide',
    body: 'Votre relayeur sur {chain} détient {balance} {symbol}, {enough}. Rechargez-le :\n{link}',
    enough: {
      one: 'de quoi payer environ {relays} paiement sans gas de plus',
      other: 'de quoi payer environ {relays} paiements sans gas de plus',
    },
  },
  relayer_paused: {
    subject: 'Les paiements sans gas sont en pause sur votre relayeur {address}',
    body: 'Votre relayeur {address} a mis en pause les paiements sans gas : {reason}. Les payeurs se voient proposer le paiement normal en attendant. Regardez ses relais échoués et reprenez-le quand vous serez prêt :\n{link}',
  },
  receipt: {
    subject: 'Reçu : {amount} {symbol} payés pour « {memo} »',
    body: 'Votre paiement de {amount} {symbol} à {payee} pour « {memo} » est confirmé sur la chaîne. Votre reçu :\n{link}',
    bodyInParts:
      'Votre paiement de {amount} {symbol} à {payee} pour « {memo} » est confirmé sur la chaîne, en plusieurs parts :\n{parts}\nAu total : {received} {symbol}. Votre reçu :\n{link}',
    part: '{amount} {symbol} sur {chain} (transaction {tx})',
  },
  scheduled: {
    subject: 'Demande de paiement : {amount} {symbol} pour « {memo} »',
    body: '{payee} vous demande {amount} {symbol} pour « {memo} », à régler avant le {due}. Payez ici :\n{link}',
  },
  subscription_coming: {
    subject: 'Prélèvement à venir : {amount} {symbol} pour « {plan} » le {date}',
    body: '{payee} prélèvera {amount} {symbol} pour « {plan} » sur votre portefeuille le {date}, comme le permet l’autorisation que vous avez accordée. Vous n’avez rien à faire. Pour l’empêcher, résiliez l’abonnement sur sa page avant cette date :\n{link}',
  },
  subscription_past_due: {
    subject: 'Impayé : {amount} {symbol} pour « {memo} »',
    body: 'Le prélèvement de {amount} {symbol} pour « {memo} » au profit de {payee} n’a pas pu être effectué sur votre portefeuille : cette période est impayée. Il sera retenté ; vous pouvez aussi la régler vous-même avant le {due}, en un clic :\n{link}',
  },
  footer: {
    payee: 'Vous recevez ceci parce que vous avez demandé ces avis à Billfold sur {site}.',
    payer: 'Vous recevez ceci parce que vous avez laissé cette adresse sur une page de paiement Billfold sur {site}.',
    unsubscribe: 'Refuser pour de bon tout e-mail de Billfold sur {site} : {link}',
  },
  page: {
    confirmTitle: 'Confirmez votre adresse',
    confirmButton: 'Confirmer {address}',
    confirmed: '{address} est confirmée : Billfold y enverra les avis que vous avez choisis.',
    unsubscribeTitle: 'Refuser tout e-mail',
    unsubscribeButton: 'Ne plus jamais envoyer d’e-mail à {address}',
    unsubscribed: '{address} ne recevra plus aucun e-mail de ce Billfold, qui que ce soit qui le demande.',
    invalid: 'Ce lien n’est pas valide ou a expiré.',
  },
}

export default fr
