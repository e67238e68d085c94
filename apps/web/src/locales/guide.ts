import type { Language } from '@app/contract';

/**
 * The novice guide's own strings (i18next namespace `guide`), in every language. Only the guide's
 * chunk imports this file (features/guide/strings.ts registers it); the page's title stays in
 * `routes` of `translation`.
 */

const en = {
  intro: 'Four steps to find your way around. A step is ticked off once you have really done it.',
  progressLabel: 'Your progress',
  progress: '{{done}} of {{total}} done',
  allDone: 'All done. You know your way around.',
  visitor: 'Log in to see which steps you have done. New here? Create an account first.',
  done: 'Done',
  todo: 'To do',
  help: 'Read more in the help centre',
  stepOf: 'Step {{n}}',
  steps: {
    demo: {
      title: 'Try the demo account',
      text: 'Practise with demo USDT at live prices: make any trade in demo mode. Demo money is play money and never touches your real account.',
      action: 'Switch to demo',
      actionDemo: 'Trade in demo',
    },
    contract: {
      title: 'Open your first seconds contract',
      text: 'Pick an instrument, a direction and a duration on the trade page. Start small or in demo mode: short contracts are close to a coin toss, and most traders lose.',
      action: 'Go to trade',
    },
    deposit: {
      title: 'Make your first deposit',
      text: 'Send crypto to your own deposit address. It is credited to your real account once the network has confirmed it.',
      action: 'Deposit',
    },
    security: {
      title: 'Set your fund password',
      text: 'A second password, asked when you save a withdrawal address and when you withdraw. Keep it different from your login password.',
      action: 'Set fund password',
    },
  },
};

/** Every language has every key (a missing one is a compile error). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type GuideNamespace = Shape<typeof en>;

export const GUIDE_MESSAGES: Readonly<Record<Language, GuideNamespace>> = {
  en,
  zh: {
    intro: '四个步骤，帮您快速上手。只有真正完成后，步骤才会打勾。',
    progressLabel: '您的进度',
    progress: '已完成 {{done}}/{{total}}',
    allDone: '全部完成，您已经熟悉了。',
    visitor: '登录后可查看您已完成的步骤。第一次来？请先注册账户。',
    done: '已完成',
    todo: '待完成',
    help: '在帮助中心了解更多',
    stepOf: '第 {{n}} 步',
    steps: {
      demo: {
        title: '试用模拟账户',
        text: '用模拟 USDT 按实时价格练习：在模拟模式下完成任意一笔交易。模拟资金只是练习用的，绝不会影响您的真实账户。',
        action: '切换到模拟',
        actionDemo: '在模拟账户交易',
      },
      contract: {
        title: '开立第一笔秒合约',
        text: '在交易页面选择品种、方向和时长。请从小额或模拟模式开始：短期合约近乎抛硬币，大多数交易者都会亏损。',
        action: '去交易',
      },
      deposit: {
        title: '完成首次充值',
        text: '将加密货币发送到您专属的充值地址。网络确认后，资金将计入您的真实账户。',
        action: '充值',
      },
      security: {
        title: '设置资金密码',
        text: '第二个密码，在保存提现地址和提现时需要输入。请与登录密码不同。',
        action: '设置资金密码',
      },
    },
  },
  hk: {
    intro: '四個步驟，幫您快速上手。只有真正完成後，步驟才會打勾。',
    progressLabel: '您的進度',
    progress: '已完成 {{done}}/{{total}}',
    allDone: '全部完成，您已經熟悉了。',
    visitor: '登入後可查看您已完成的步驟。第一次來？請先註冊帳戶。',
    done: '已完成',
    todo: '待完成',
    help: '在幫助中心了解更多',
    stepOf: '第 {{n}} 步',
    steps: {
      demo: {
        title: '試用模擬帳戶',
        text: '用模擬 USDT 按實時價格練習：在模擬模式下完成任意一筆交易。模擬資金只作練習之用，絕不會影響您的真實帳戶。',
        action: '切換到模擬',
        actionDemo: '在模擬帳戶交易',
      },
      contract: {
        title: '開立第一張秒合約',
        text: '在交易頁面選擇品種、方向和時長。請從小額或模擬模式開始：短期合約近乎擲硬幣，大多數交易者都會虧損。',
        action: '去交易',
      },
      deposit: {
        title: '完成首次存款',
        text: '將加密貨幣發送到您專屬的存款地址。網絡確認後，資金將計入您的真實帳戶。',
        action: '存款',
      },
      security: {
        title: '設定資金密碼',
        text: '第二個密碼，在儲存提款地址和提款時需要輸入。請與登入密碼不同。',
        action: '設定資金密碼',
      },
    },
  },
  jp: {
    intro: '使い方を覚えるための 4 つのステップです。実際に行うとチェックが付きます。',
    progressLabel: 'あなたの進み具合',
    progress: '{{total}} 件中 {{done}} 件完了',
    allDone: 'すべて完了しました。もう使い方はばっちりです。',
    visitor: 'ログインすると完了したステップが表示されます。初めての方はまずアカウントを作成してください。',
    done: '完了',
    todo: '未完了',
    help: 'ヘルプセンターで詳しく読む',
    stepOf: 'ステップ {{n}}',
    steps: {
      demo: {
        title: 'デモ口座を試す',
        text: 'デモ USDT でリアルタイムの価格で練習できます。デモモードで何か 1 回取引してください。デモ資金は練習用で、リアル口座には一切影響しません。',
        action: 'デモに切り替える',
        actionDemo: 'デモで取引する',
      },
      contract: {
        title: '初めての秒単位契約を建てる',
        text: '取引ページで銘柄、方向、期間を選びます。少額かデモモードから始めましょう。短い契約はほぼコイン投げで、多くのトレーダーが損をしています。',
        action: '取引へ',
      },
      deposit: {
        title: '初めての入金をする',
        text: 'あなた専用の入金アドレスに暗号資産を送ります。ネットワークで承認されると、リアル口座に入金されます。',
        action: '入金',
      },
      security: {
        title: '資金パスワードを設定する',
        text: '出金アドレスの保存時と出金時に求められる 2 つ目のパスワードです。ログインパスワードとは別のものにしてください。',
        action: '資金パスワードを設定',
      },
    },
  },
  kr: {
    intro: '사용법을 익히는 네 단계입니다. 실제로 해야 단계에 체크 표시가 됩니다.',
    progressLabel: '진행 상황',
    progress: '{{total}}개 중 {{done}}개 완료',
    allDone: '모두 완료했습니다. 이제 사용법을 잘 아시네요.',
    visitor: '로그인하면 완료한 단계를 볼 수 있습니다. 처음이신가요? 먼저 계정을 만드세요.',
    done: '완료',
    todo: '할 일',
    help: '고객센터 도움말에서 자세히 보기',
    stepOf: '{{n}}단계',
    steps: {
      demo: {
        title: '모의 계정 체험하기',
        text: '모의 USDT로 실시간 가격에 연습하세요. 모의 모드에서 아무 거래나 한 번 하면 됩니다. 모의 자금은 연습용이며 실제 계정에는 전혀 영향을 주지 않습니다.',
        action: '모의로 전환',
        actionDemo: '모의로 거래하기',
      },
      contract: {
        title: '첫 초단위 계약 열기',
        text: '거래 페이지에서 종목, 방향, 기간을 고르세요. 소액이나 모의 모드로 시작하세요. 짧은 계약은 동전 던지기에 가깝고 대부분의 트레이더가 손실을 봅니다.',
        action: '거래하러 가기',
      },
      deposit: {
        title: '첫 입금하기',
        text: '내 전용 입금 주소로 암호화폐를 보내세요. 네트워크에서 확인되면 실제 계정에 입금됩니다.',
        action: '입금',
      },
      security: {
        title: '자금 비밀번호 설정하기',
        text: '출금 주소를 저장하거나 출금할 때 묻는 두 번째 비밀번호입니다. 로그인 비밀번호와 다르게 정하세요.',
        action: '자금 비밀번호 설정',
      },
    },
  },
  de: {
    intro: 'Vier Schritte, um sich zurechtzufinden. Ein Schritt wird abgehakt, sobald Sie ihn wirklich erledigt haben.',
    progressLabel: 'Ihr Fortschritt',
    progress: '{{done}} von {{total}} erledigt',
    allDone: 'Alles erledigt. Sie kennen sich aus.',
    visitor:
      'Melden Sie sich an, um zu sehen, welche Schritte Sie erledigt haben. Neu hier? Eröffnen Sie zuerst ein Konto.',
    done: 'Erledigt',
    todo: 'Offen',
    help: 'Mehr im Hilfe-Center lesen',
    stepOf: 'Schritt {{n}}',
    steps: {
      demo: {
        title: 'Das Demokonto ausprobieren',
        text: 'Üben Sie mit Demo-USDT zu Live-Kursen: Handeln Sie einmal im Demomodus. Demogeld ist Spielgeld und berührt Ihr Echtgeldkonto nie.',
        action: 'Zu Demo wechseln',
        actionDemo: 'Im Demokonto handeln',
      },
      contract: {
        title: 'Den ersten Sekundenkontrakt eröffnen',
        text: 'Wählen Sie auf der Handelsseite ein Instrument, eine Richtung und eine Laufzeit. Beginnen Sie klein oder im Demomodus: Kurze Kontrakte sind fast ein Münzwurf, und die meisten Händler verlieren.',
        action: 'Zum Handel',
      },
      deposit: {
        title: 'Die erste Einzahlung machen',
        text: 'Senden Sie Krypto an Ihre eigene Einzahlungsadresse. Sie wird Ihrem Echtgeldkonto gutgeschrieben, sobald das Netzwerk sie bestätigt hat.',
        action: 'Einzahlen',
      },
      security: {
        title: 'Das Fondspasswort festlegen',
        text: 'Ein zweites Passwort, abgefragt beim Speichern einer Auszahlungsadresse und bei jeder Auszahlung. Wählen Sie ein anderes als Ihr Login-Passwort.',
        action: 'Fondspasswort festlegen',
      },
    },
  },
  fr: {
    intro: 'Quatre étapes pour prendre vos repères. Une étape est cochée une fois que vous l’avez vraiment faite.',
    progressLabel: 'Votre progression',
    progress: '{{done}} sur {{total}} faites',
    allDone: 'Tout est fait. Vous connaissez les lieux.',
    visitor: 'Connectez-vous pour voir les étapes déjà faites. Nouveau ? Créez d’abord un compte.',
    done: 'Fait',
    todo: 'À faire',
    help: 'En savoir plus dans le centre d’aide',
    stepOf: 'Étape {{n}}',
    steps: {
      demo: {
        title: 'Essayer le compte démo',
        text: 'Entraînez-vous avec des USDT de démo aux prix en direct : faites une opération en mode démo. L’argent de démo est fictif et ne touche jamais votre compte réel.',
        action: 'Passer en démo',
        actionDemo: 'Trader en démo',
      },
      contract: {
        title: 'Ouvrir votre premier contrat à la seconde',
        text: 'Choisissez un instrument, un sens et une durée sur la page de trading. Commencez petit ou en démo : les contrats courts tiennent presque du pile ou face, et la plupart des traders perdent.',
        action: 'Aller au trading',
      },
      deposit: {
        title: 'Faire votre premier dépôt',
        text: 'Envoyez des cryptos à votre adresse de dépôt personnelle. Elles sont créditées sur votre compte réel une fois confirmées par le réseau.',
        action: 'Déposer',
      },
      security: {
        title: 'Définir votre mot de passe de fonds',
        text: 'Un second mot de passe, demandé pour enregistrer une adresse de retrait et pour chaque retrait. Choisissez-le différent de votre mot de passe de connexion.',
        action: 'Définir le mot de passe de fonds',
      },
    },
  },
  it: {
    intro: 'Quattro passi per orientarti. Un passo viene spuntato quando lo hai fatto davvero.',
    progressLabel: 'I tuoi progressi',
    progress: '{{done}} di {{total}} fatti',
    allDone: 'Tutto fatto. Ormai sai come muoverti.',
    visitor: 'Accedi per vedere quali passi hai fatto. Sei nuovo? Crea prima un account.',
    done: 'Fatto',
    todo: 'Da fare',
    help: 'Approfondisci nel centro assistenza',
    stepOf: 'Passo {{n}}',
    steps: {
      demo: {
        title: 'Prova il conto demo',
        text: 'Fai pratica con USDT demo ai prezzi in tempo reale: esegui un’operazione in modalità demo. Il denaro demo è finto e non tocca mai il tuo conto reale.',
        action: 'Passa alla demo',
        actionDemo: 'Fai trading in demo',
      },
      contract: {
        title: 'Apri il tuo primo contratto a secondi',
        text: 'Scegli uno strumento, una direzione e una durata nella pagina di trading. Inizia con poco o in demo: i contratti brevi sono quasi un lancio di moneta e la maggior parte dei trader perde.',
        action: 'Vai al trading',
      },
      deposit: {
        title: 'Fai il tuo primo deposito',
        text: 'Invia cripto al tuo indirizzo di deposito personale. Viene accreditato sul conto reale quando la rete lo ha confermato.',
        action: 'Deposita',
      },
      security: {
        title: 'Imposta la password dei fondi',
        text: 'Una seconda password, richiesta quando salvi un indirizzo di prelievo e a ogni prelievo. Sceglila diversa dalla password di accesso.',
        action: 'Imposta la password dei fondi',
      },
    },
  },
};
