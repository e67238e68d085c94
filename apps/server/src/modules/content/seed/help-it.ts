import type { HelpSeedTexts } from './help';

export const helpIt: HelpSeedTexts = {
  'registration.register': [
    'Come apro un account?',
    "Tocca Registrati e inserisci il tuo indirizzo e-mail o numero di telefono. Inviamo un codice di 4 cifre valido 10 minuti. Inseriscilo, scegli una password di almeno 6 caratteri e, se qualcuno ti ha invitato, il suo codice di invito.\nIl tuo account ha un conto reale e un conto demo. Registrandoti accetti la versione in vigore del contratto d'uso e dell'informativa sulla privacy; nel Profilo vedi quali versioni hai accettato e quando.",
  ],
  'registration.passwords': [
    'Password di accesso e password dei fondi',
    'La password di accesso serve per entrare. Cambiarla disconnette tutti i dispositivi, compreso quello in uso, che riceve subito una nuova sessione.\nLa password dei fondi è separata: la imposti una volta in Sicurezza e viene chiesta quando salvi un indirizzo di prelievo e quando prelevi. Dimenticata? Reimpostala con un codice inviato alla tua e-mail o al tuo telefono.\nDopo una modifica della password di accesso, della password dei fondi o dei contatti, i prelievi sono sospesi per 24 ore, così chi si fosse impossessato del tuo account non può svuotarlo.',
  ],
  'deposits.deposit': [
    'Come deposito criptovalute?',
    "Apri Asset, tocca Deposita, scegli la moneta e la rete. Ottieni il tuo indirizzo di deposito personale con il codice QR.\nSupportati: USDT su Ethereum (ERC20) e Tron (TRC20), USDC su Ethereum, ETH e BTC. Invia all'indirizzo solo quella moneta su quella rete: monete inviate su un'altra rete non possono essere accreditate.\nUn deposito viene accreditato dopo abbastanza conferme di blocco: 12 su Ethereum, 20 su Tron, 2 su Bitcoin. Ricevi una notifica quando viene rilevato e quando viene accreditato.",
  ],
  'deposits.minimums': [
    'Depositi minimi e storico',
    'Gli importi minimi accreditati sono 20 USDT o USDC, 0,01 ETH e 0,0005 BTC. Un deposito più piccolo viene registrato e mostrato con il motivo, ma non accreditato.\nLo storico elenca ogni deposito con rete, importo, conferme e stato. Non applichiamo commissioni di deposito; la commissione di rete la paga il wallet che invia.',
  ],
  'withdrawals.withdraw': [
    'Come prelevo?',
    "Imposta prima una password dei fondi. Poi salva l'indirizzo nella rubrica con la password dei fondi. Un nuovo indirizzo è utilizzabile 24 ore dopo il salvataggio, oppure subito se lo confermi con un codice inviato alla tua e-mail o al tuo telefono.\nNella pagina Preleva scegli moneta, rete, indirizzo e importo. Prima di confermare con la password dei fondi vedi la commissione e l'importo che arriverà. I prelievi sono possibili solo dal conto reale.",
  ],
  'withdrawals.limits': [
    'Limiti, verifica e annullamento',
    "Ogni moneta e rete ha un minimo e un massimo per prelievo e un limite giornaliero sulle ultime 24 ore; il modulo li mostra insieme a quanto resta oggi.\nAlcuni prelievi vengono controllati dal nostro personale prima dell'invio. Finché un prelievo è in elaborazione puoi annullarlo e l'importo torna sul tuo saldo. Dopo l'invio lo storico mostra l'hash della transazione e le conferme.\nNon ti chiediamo mai di pagare una tassa, una commissione di sblocco o di prendere un prestito per poter prelevare.",
  ],
  'contracts.what': [
    "Che cos'è un contratto a secondi?",
    "Un contratto a secondi è una scommessa sulla direzione di un prezzo in un tempo fisso: 30 secondi, 60 secondi, 2, 5, 10 o 30 minuti, o 1 ora. Scegli Su o Giù e una puntata, pagata dal tuo conto opzioni.\nAlla scadenza l'ultimo prezzo alla scadenza o prima viene confrontato con quello di apertura. Se hai ragione riavrai la puntata più il rendimento indicato (dall'80 % al 90 % della puntata, secondo la durata). Se hai torto perdi l'intera puntata. Se il prezzo non cambia, la puntata viene rimborsata.\nNon ci sono commissioni; la casa paga i contratti vincenti e trattiene le puntate perse.",
  ],
  'contracts.risk': [
    'Il rischio dei contratti a secondi',
    "La maggior parte degli investitori al dettaglio che negoziano contratti a secondi perde denaro. I movimenti di prezzo su secondi o minuti sono quasi casuali e, poiché una vincita paga meno della puntata rischiata, devi vincere più spesso di quanto perdi solo per andare in pari: con un rendimento dell'85 % serve circa il 54 % di previsioni giuste. Il pannello di trading mostra questa soglia di pareggio.\nUn contratto non è un investimento: dopo la scadenza non vale nulla. Punta solo denaro che puoi permetterti di perdere, fissati un limite ed esercitati prima con il conto demo.",
  ],
  'demo.what': [
    "Che cos'è il conto demo?",
    "Il conto demo ti permette di provare l'app con denaro fittizio: 100.000 USDT demo, gli stessi prezzi in tempo reale e gli stessi contratti, ordini spot e conversioni del conto reale.\nIl denaro demo non ha valore e non può mai essere prelevato né spostato sul conto reale. Puoi riportare i saldi demo agli importi iniziali in qualsiasi momento.",
  ],
  'demo.switch': [
    'Passare tra demo e reale',
    "Usa il selettore Reale / Demo per cambiare conto. L'app mostra il conto in uso; ogni ordine riguarda solo quel conto, quindi un'operazione demo non tocca mai il tuo denaro reale.\nI risultati demo non prevedono quelli reali: senza denaro vero in gioco si opera in modo diverso.",
  ],
  'kyc.stages': [
    "Verifica dell'identità (KYC)",
    'La verifica ha due fasi. Fase 1: scegli nazionalità e tipo di documento, inserisci nome completo e numero del documento. Fase 2: carica le foto del fronte e del retro del documento e un selfie mentre lo tieni in mano.\nIl nostro personale esamina la fase 2 e decide: verificato, oppure respinto con un motivo. Ricevi una notifica in entrambi i casi. Le tue foto sono private: le vedono solo tu e il personale che le esamina.',
  ],
  'kyc.review': [
    'Perché verificarsi, e se vengo respinto?',
    'I prestiti sono disponibili solo per gli utenti verificati. Se la verifica viene respinta, vedi il motivo (ad esempio una foto sfocata o un nome che non corrisponde); correggilo e invia di nuovo la fase 2.\nDopo la verifica, i tuoi dati si possono cambiare solo tramite il servizio clienti.',
  ],
  'loans.apply': [
    'Come funzionano i prestiti?',
    "Gli utenti verificati possono chiedere un prestito in USDT dal conto reale. Scegli un prodotto e un importo nel suo intervallo, carica almeno 3 foto dei tuoi documenti e accetta le regole del prodotto, che indicano l'interesse giornaliero e il tasso di mora.\nIl nostro personale esamina ogni richiesta. Se approvata, l'importo viene versato sul tuo conto spot; se respinta, vedi il motivo. Può essere in attesa di esame una sola richiesta alla volta.",
  ],
  'loans.repay': [
    'Interessi e rimborso',
    "Gli interessi maturano per giorno UTC sull'importo ancora dovuto, dal giorno dell'erogazione. Puoi rimborsare tutto o in parte in qualsiasi momento dal tuo conto spot; un rimborso parziale paga prima gli interessi.\nDopo la scadenza il prestito è in ritardo e fino al rimborso si applica il tasso di mora più alto del prodotto. Nulla viene mai prelevato automaticamente dai tuoi conti, e un prestito non è mai necessario per prelevare o fare trading.",
  ],
  'financing.what': [
    "Che cos'è l'investimento a termine?",
    "L'investimento a termine vincola un importo di una moneta per un numero fisso di giorni a un tasso annuo indicato. Sposta la moneta sul conto investimenti, scegli un prodotto e una durata e conferma la stima.\nAlla scadenza l'importo e gli interessi tornano sul tuo conto investimenti. Se puoi uscire prima dipende dal prodotto: no, sì rinunciando agli interessi, o sì tenendo gli interessi dei giorni interi trascorsi. La pagina del prodotto lo indica prima della sottoscrizione.",
  ],
  'financing.interest': [
    'Come si calcolano gli interessi',
    "Interessi = importo × tasso annuo × giorni ÷ 365, arrotondati per eccesso all'unità minima della moneta. Maturano dalle 00:00 UTC successive alla sottoscrizione e la scadenza arriva dopo quel numero di giorni interi.\nLa stima mostra interessi, inizio e scadenza prima della conferma, ed è esattamente ciò che viene pagato.",
  ],
  'fees.list': [
    'Quali commissioni ci sono?',
    'Depositi: nessuna commissione da parte nostra.\nPrelievi: una commissione per moneta e rete, mostrata prima della conferma (predefinita 5 USDT su ERC20, 1 USDT su TRC20, 0,003 ETH, 0,0002 BTC). I nuovi utenti non pagano commissioni di prelievo per i primi 3 mesi di calendario.\nConversioni (acquisto, vendita, flash) e trading spot: una commissione dello 0,1 % del valore, e le conversioni usano un cambio leggermente sopra o sotto il prezzo di mercato; entrambi sono mostrati prima della conferma.\nContratti a secondi: nessuna commissione, ma una vincita paga meno della puntata rischiata. I trasferimenti tra i tuoi conti sono gratuiti. I prestiti costano solo gli interessi indicati.',
  ],
  'fees.never': [
    'Pagamenti che non chiediamo mai',
    'Per prelevare il tuo denaro non chiediamo mai una tassa, un deposito, una commissione di «sblocco» o di «verifica», né un prestito. Il nostro personale non chiede mai password o codici.\nSe qualcuno ti chiede queste cose, non siamo noi: non pagare e contatta il servizio clienti.',
  ],
};
