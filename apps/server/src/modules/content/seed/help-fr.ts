import type { HelpSeedTexts } from './help';

export const helpFr: HelpSeedTexts = {
  'registration.register': [
    'Comment créer un compte ?',
    "Touchez S'inscrire et saisissez votre adresse e-mail ou votre numéro de téléphone. Nous envoyons un code à 4 chiffres valable 10 minutes. Saisissez-le, choisissez un mot de passe d'au moins 6 caractères et, si quelqu'un vous a invité, son code d'invitation.\nVotre compte comprend un compte réel et un compte démo. En vous inscrivant, vous acceptez la version en vigueur du contrat d'utilisation et de la politique de confidentialité ; le Profil indique quelles versions vous avez acceptées et quand.",
  ],
  'registration.passwords': [
    'Mot de passe de connexion et mot de passe des fonds',
    'Le mot de passe de connexion sert à vous connecter. Le changer déconnecte tous les appareils, y compris celui que vous utilisez, qui reçoit aussitôt une nouvelle session.\nLe mot de passe des fonds est distinct : vous le définissez une fois dans Sécurité, et il est demandé pour enregistrer une adresse de retrait et pour retirer. Oublié ? Réinitialisez-le avec un code envoyé à votre propre e-mail ou téléphone.\nAprès un changement du mot de passe de connexion, du mot de passe des fonds ou de vos coordonnées, les retraits sont suspendus 24 heures, pour que personne ayant pris le contrôle de votre compte ne puisse le vider.',
  ],
  'deposits.deposit': [
    'Comment déposer des cryptomonnaies ?',
    "Ouvrez Actifs, touchez Déposer, choisissez la monnaie et le réseau. Vous obtenez votre propre adresse de dépôt et son code QR.\nPris en charge : USDT sur Ethereum (ERC20) et Tron (TRC20), USDC sur Ethereum, ETH et BTC. N'envoyez à l'adresse que cette monnaie sur ce réseau : des fonds envoyés sur un autre réseau ne peuvent pas être crédités.\nUn dépôt est crédité après suffisamment de confirmations de blocs : 12 sur Ethereum, 20 sur Tron, 2 sur Bitcoin. Vous êtes notifié quand il est détecté et quand il est crédité.",
  ],
  'deposits.minimums': [
    'Dépôts minimum et historique',
    "Les plus petits montants crédités sont 20 USDT ou USDC, 0,01 ETH et 0,0005 BTC. Un dépôt plus petit est enregistré et affiché avec la raison, mais pas crédité.\nL'historique liste chaque dépôt avec son réseau, son montant, ses confirmations et son état. Nous ne facturons aucun frais de dépôt ; les frais de réseau sont payés par le portefeuille expéditeur.",
  ],
  'withdrawals.withdraw': [
    'Comment retirer ?',
    "Définissez d'abord un mot de passe des fonds. Enregistrez ensuite l'adresse dans le carnet d'adresses avec ce mot de passe. Une nouvelle adresse est utilisable 24 heures après son enregistrement, ou tout de suite si vous la confirmez avec un code envoyé à votre e-mail ou téléphone.\nSur la page Retirer, choisissez la monnaie, le réseau, l'adresse et le montant. Vous voyez les frais et le montant reçu avant de confirmer avec votre mot de passe des fonds. Les retraits ne sont possibles que depuis le compte réel.",
  ],
  'withdrawals.limits': [
    'Limites, vérification et annulation',
    "Chaque monnaie et réseau a un minimum et un maximum par retrait et une limite quotidienne sur les dernières 24 heures ; le formulaire les affiche avec ce qu'il reste aujourd'hui.\nCertains retraits sont vérifiés par notre équipe avant l'envoi. Tant qu'un retrait est en traitement, vous pouvez l'annuler et le montant revient sur votre solde. Une fois envoyé, l'historique montre le hash de la transaction et ses confirmations.\nNous ne vous demandons jamais de payer une taxe, des frais de déblocage ou de prendre un prêt pour pouvoir retirer.",
  ],
  'contracts.what': [
    "Qu'est-ce qu'un contrat à secondes ?",
    "Un contrat à secondes est un pari sur la direction d'un prix sur une durée fixe : 30 secondes, 60 secondes, 2, 5, 10 ou 30 minutes, ou 1 heure. Vous choisissez Hausse ou Baisse et une mise, payée depuis votre compte options.\nÀ l'échéance, le dernier prix à l'échéance ou avant est comparé au prix d'ouverture. Si vous aviez raison, vous récupérez votre mise plus le taux de gain affiché (80 % à 90 % de la mise selon la durée). Sinon, vous perdez toute la mise. Si le prix n'a pas changé, la mise est remboursée.\nIl n'y a pas de frais ; la maison paie les contrats gagnants et garde les mises perdues.",
  ],
  'contracts.risk': [
    'Le risque des contrats à secondes',
    "La plupart des particuliers qui négocient des contrats à secondes perdent de l'argent. Les mouvements de prix sur quelques secondes ou minutes sont presque aléatoires, et comme un gain rapporte moins que la mise risquée, il faut gagner plus souvent que perdre juste pour être à l'équilibre : avec un taux de 85 %, il faut avoir raison environ 54 % du temps. Le panneau de trading affiche ce taux d'équilibre.\nUn contrat n'est pas un investissement : il n'a aucune valeur après l'échéance. Ne misez que de l'argent que vous pouvez vous permettre de perdre, fixez-vous une limite et entraînez-vous d'abord sur le compte démo.",
  ],
  'demo.what': [
    "Qu'est-ce que le compte démo ?",
    "Le compte démo permet d'essayer l'application avec de l'argent fictif : 100 000 USDT démo, les mêmes prix en direct et les mêmes contrats, ordres spot et conversions que le compte réel.\nL'argent démo n'a aucune valeur et ne peut jamais être retiré ni transféré vers le compte réel. Vous pouvez remettre les soldes démo à leur montant initial à tout moment.",
  ],
  'demo.switch': [
    'Passer du démo au réel',
    "Utilisez le sélecteur Réel / Démo pour changer de compte. L'application indique le compte utilisé ; chaque ordre est passé sur ce compte seulement, une opération démo ne touche donc jamais votre argent réel.\nLes résultats en démo ne prédisent pas les résultats réels : sans argent réel en jeu, on ne trade pas de la même façon.",
  ],
  'kyc.stages': [
    "Vérification d'identité (KYC)",
    "La vérification a deux étapes. Étape 1 : choisissez votre nationalité et le type de document, saisissez votre nom complet et le numéro du document. Étape 2 : envoyez des photos du recto et du verso du document et un selfie en le tenant.\nNotre équipe examine l'étape 2 et décide : vérifié, ou refusé avec une raison. Vous êtes notifié dans les deux cas. Vos photos sont privées : seuls vous et l'équipe de vérification les voient.",
  ],
  'kyc.review': [
    'Pourquoi se vérifier, et en cas de refus ?',
    "Les prêts sont réservés aux utilisateurs vérifiés. En cas de refus, la raison s'affiche (par exemple une photo floue ou un nom qui ne correspond pas) ; corrigez-la et renvoyez l'étape 2.\nUne fois vérifié, vos informations ne peuvent être modifiées que via le service client.",
  ],
  'loans.apply': [
    'Comment fonctionnent les prêts ?',
    "Les utilisateurs vérifiés peuvent demander un prêt en USDT depuis le compte réel. Choisissez un produit, un montant dans sa fourchette, envoyez au moins 3 photos de vos documents et acceptez les règles du produit, qui indiquent l'intérêt journalier et le taux de retard.\nNotre équipe examine chaque demande. Si elle est approuvée, le montant est versé sur votre compte spot ; si elle est refusée, vous voyez la raison. Une seule demande peut attendre l'examen à la fois.",
  ],
  'loans.repay': [
    'Intérêts et remboursement',
    "Les intérêts courent par jour UTC sur le montant restant dû, à compter du jour du versement. Vous pouvez rembourser tout ou partie à tout moment depuis votre compte spot ; un remboursement partiel paie d'abord les intérêts.\nAprès l'échéance, le prêt est en retard et le taux de retard plus élevé du produit s'applique jusqu'au remboursement. Rien n'est jamais prélevé automatiquement sur vos comptes, et un prêt n'est jamais nécessaire pour retirer ou trader.",
  ],
  'financing.what': [
    "Qu'est-ce que le placement ?",
    "Le placement immobilise un montant d'une monnaie pendant un nombre fixe de jours à un taux annuel indiqué. Transférez la monnaie sur votre compte de placement, choisissez un produit et une durée, et confirmez l'estimation.\nÀ l'échéance, le montant et ses intérêts reviennent sur votre compte de placement. La sortie anticipée dépend du produit : impossible, avec abandon des intérêts, ou en gardant les intérêts des jours entiers écoulés. La page du produit l'indique avant la souscription.",
  ],
  'financing.interest': [
    'Calcul des intérêts de placement',
    "Intérêts = montant × taux annuel × jours ÷ 365, arrondis à l'unité supérieure de la monnaie. Ils courent à partir du prochain 00:00 UTC après la souscription, et l'échéance tombe ce nombre de jours entiers plus tard.\nL'estimation affiche les intérêts, le début et l'échéance avant la confirmation, et c'est exactement ce qui est versé.",
  ],
  'fees.list': [
    'Quels sont les frais ?',
    'Dépôts : aucun frais de notre part.\nRetraits : des frais par monnaie et réseau, affichés avant la confirmation (par défaut 5 USDT sur ERC20, 1 USDT sur TRC20, 0,003 ETH, 0,0002 BTC). Les nouveaux utilisateurs ne paient aucun frais de retrait pendant leurs 3 premiers mois civils.\nConversions (achat, vente, flash) et trading spot : des frais de 0,1 % de la valeur, et les conversions utilisent un cours légèrement au-dessus ou au-dessous du prix du marché ; les deux sont affichés avant la confirmation.\nContrats à secondes : pas de frais, mais un gain rapporte moins que la mise risquée. Les transferts entre vos propres comptes sont gratuits. Les prêts ne coûtent que leurs intérêts indiqués.',
  ],
  'fees.never': [
    'Les paiements que nous ne demandons jamais',
    "Pour retirer votre argent, nous ne demandons jamais de taxe, de dépôt, de frais de « déblocage » ou de « vérification », ni de prêt. Notre équipe ne demande jamais vos mots de passe ni vos codes.\nSi quelqu'un vous demande cela, ce n'est pas nous : ne payez pas et contactez le service client.",
  ],
};
