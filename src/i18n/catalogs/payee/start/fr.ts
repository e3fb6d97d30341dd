import type { PayeeStartCatalog } from './en.ts'

const fr: PayeeStartCatalog = {
  start: {
    heading: 'Demandez des paiements en crypto, payés directement depuis un portefeuille',
    lead: 'Créez une demande de paiement signée, partagez un lien ou un code QR et regardez-la passer à payée sur la chaîne. Sans dépôt, sans frais, sans intermédiaire.',
    connect: 'Connectez un portefeuille pour commencer',
    thenSignIn: 'Puis connectez-vous : une signature dans votre portefeuille, sans transaction ni frais.',
    howTitle: 'Comment ça marche',
    howConnect: 'Connectez votre portefeuille et identifiez-vous.',
    howCreate:
      'Créez une demande : montant, jeton, échéance. Votre portefeuille la signe, pour que les payeurs puissent vérifier qu’elle vient bien de vous.',
    howShare:
      'Partagez le lien ou le code QR. La page passe d’elle-même à payée quand le paiement est sur la chaîne ; l’argent va directement à votre adresse.',
    needTitle: 'Ce qu’il vous faut',
    needText:
      'Un portefeuille de navigateur comme MetaMask, Rabby ou Coinbase Wallet, ou un portefeuille mobile via le code QR de la fenêtre de connexion. Les payeurs n’ont pas besoin de compte ici : ils paient depuis leur propre portefeuille, ou depuis n’importe quel portefeuille ou plateforme d’échange en envoyant le montant exact affiché.',
    tryTitle: 'Essayez avec de l’argent de test',
    tryText:
      'Les demandes peuvent utiliser ici {network}, un réseau de test dont les jetons n’ont aucune valeur : connectez un portefeuille approvisionné en fonds de test et essayez chaque étape gratuitement, paiement compris.',
  },
  signIn: {
    title: 'Identifiez-vous pour voir vos demandes',
    explain:
      'Votre portefeuille vous demandera de signer un message qui prouve que ce compte est le vôtre. C’est gratuit : aucune transaction, rien n’est envoyé.',
    switchNetwork: ' Passez d’abord votre portefeuille sur un réseau que ce Billfold accepte.',
    checkWallet: 'Vérifiez votre portefeuille…',
    sign: 'Signer le message',
  },
}

export default fr
