/**
 * API paths of docs/product.md §7 (and the few this project adds, marked). Served under one origin.
 * The server registers each route under the same literal string (`app.post('/transaction/api/contract/create', …)`),
 * so a search for a path finds its handler; apps/server/src/app.test.ts checks that the two agree.
 */
export const API = {
  user: {
    login: '/asset/api/user/login',
    register: '/asset/api/user/register',
    sendOtp: '/asset/api/user/sendOtp',
    sendSmsOtp: '/asset/api/user/SendSmsOtp',
    forgotPassword: '/asset/api/user/forgot-password',
    logout: '/asset/api/user/logout',
    update: '/asset/api/user/update',
    info: '/asset/api/user/info',
    forgotFundPassword: '/asset/api/user/forgot-fund-password',
    // Added by this project (docs/product.md §7 does not show these bodies or paths):
    bindEmail: '/asset/api/user/bind-email',
    changePassword: '/asset/api/user/change-password',
    /** The signed-in reset of the login password with a code to the account's own e-mail or phone. */
    resetPassword: '/asset/api/user/reset-password',
    setFundPassword: '/asset/api/user/set-fund-password',
    changeFundPassword: '/asset/api/user/change-fund-password',
    /** The desktop dashboard's arrangement: GET reads it, POST stores it. */
    dashboardLayout: '/asset/api/user/dashboard-layout',
  },
  account: {
    accountSwitch: '/asset/api/account/accountSwitch',
    list: '/asset/api/account/list',
    transferAsset: '/asset/api/account/transferAsset',
    getValidAssetById: '/asset/api/account/getValidAssetById',
    getTransferLog: '/asset/api/account/getTransferLog',
    userAssetData: '/asset/api/account/userAssetData',
    /** Added by this project: back to 100,000 demo USDT. */
    demoReset: '/asset/api/account/demoReset',
  },
  accountChange: {
    list: '/asset/api/accountchange/list',
  },
  asset: {
    list: '/asset/api/asset/list',
    exchangeInfo: '/asset/api/asset/exchangeInfo',
    currencyBuy: '/asset/api/asset/currencyBuy',
    currencySell: '/asset/api/asset/currencySell',
    /** Added by this project: coin-to-coin OTC exchange (docs/product.md §2 "flash"). */
    flashExchange: '/asset/api/asset/flashExchange',
    tradingRecord: '/asset/api/asset/tradingRecord',
    queryUserBalance: '/asset/api/asset/queryUserBalance',
    amountByAccountByType: '/asset/api/asset/amountByAccountByType',
    amountForex: '/asset/api/asset/amountForex',
  },
  countryCode: {
    list: '/asset/api/countryCode/countryCodeList',
  },
  /** Market data (docs/product.md §7 "Market and contracts"); `kline`, `search` and `trades` are added by this project. */
  market: {
    initForestData: '/api/market/initForestData',
    getMarketPrice: '/api/market/getMarketPrice',
    byTypeDepthUpdate: '/api/market/byTypeDepthUpdate',
    byTypeGetMarketPrice: '/api/market/byTypeGetMarketPrice',
    getTickerList: '/api/market/getTickerList',
    getListForestCurrency: '/api/market/getListForestCurrency',
    getListCurrencyByType: '/api/market/getListCurrencyByType',
    kline: '/api/market/kline',
    search: '/api/market/search',
    trades: '/api/market/trades',
  },
  /** The notice stream: server-sent events of the user's notifications, announcements and chat (docs/notifications.md). */
  sse: {
    userEvents: '/api/market/sse/user-sse-events',
  },
  /** Notifications (docs/product.md §7 "news, notifications, app"; `list` and `detail` added by this project; docs/notifications.md). */
  notification: {
    numNoti: '/asset/api/notification/num-noti',
    resetNumNoti: '/asset/api/notification/reset-num-noti',
    readNoti: '/asset/api/notification/read-noti',
    list: '/asset/api/notification/list',
    detail: '/asset/api/notification/detail',
  },
  favorite: {
    list: '/asset/api/favorite/list',
    isFavorite: '/asset/api/favorite/isFavorite',
    insert: '/asset/api/favorite/insert',
    delete: '/asset/api/favorite/delete',
  },
  banner: {
    list: '/asset/api/banner/list',
  },
  /** News and announcements (docs/product.md §7); `calendar` (the economic calendar's address) is added by this project. */
  news: {
    list: '/asset/api/news/list',
    detail: '/asset/api/news/detail',
    calendar: '/asset/api/news/calendar',
  },
  forex: {
    checkTradingTime: '/asset/api/forex/contract/checkTradingTime',
    /** Seconds contracts on forex, CFD, indices and stocks. */
    create: '/asset/api/forex/contract/create',
    getContractList: '/asset/api/forex/contract/getContractList',
  },
  /** Seconds contracts on crypto; `products` and `detail` are added by this project. */
  contract: {
    create: '/transaction/api/contract/create',
    getContractList: '/transaction/api/contract/getContractList',
    products: '/transaction/api/contract/products',
    /** One contract with the ticks that decided it (read-only; anyone's own contract). */
    detail: '/transaction/api/contract/detail',
  },
  /** Spot orders; docs/product.md §7 shows only `openOrderUser`, the rest are added by this project. */
  spot: {
    openOrderUser: '/api/market/openOrderUser',
    order: '/transaction/api/spot/order',
    cancel: '/transaction/api/spot/cancel',
    history: '/transaction/api/spot/history',
    detail: '/transaction/api/spot/detail',
  },
  /** Identity verification (docs/product.md §7 "KYC"). */
  idCard: {
    info: '/asset/api/idCard/info',
    type: '/asset/api/idCard/type',
    insert: '/asset/api/idCard/insert',
    insertPrimaryVerification: '/asset/api/idCard/insertPrimaryVerification',
  },
  /** The withdrawal address book (docs/product.md §7 "Addresses and deposits", docs/withdrawals.md). */
  currencyAddress: {
    insert: '/asset/api/currencyAddress/insert',
    delete: '/asset/api/currencyAddress/delete',
    currencyList: '/asset/api/currencyAddress/currencyList',
    info: '/asset/api/currencyAddress/info',
    /** Added by this project: an address usable at once, confirmed with a code sent to the user's e-mail or phone. */
    confirm: '/asset/api/currencyAddress/confirm',
  },
  /** Withdrawals (docs/product.md §7 "Withdrawals"): a create step (a quote) and a confirm step; `cancel` and `freeze` are added by this project. */
  userWithdraw: {
    create: '/asset/api/userwithdraw/create',
    confirm: '/asset/api/userwithdraw/confirm',
    list: '/asset/api/userwithdraw/list',
    withdrawFee: '/asset/api/userwithdraw/withdraw-fee',
    cancel: '/asset/api/userwithdraw/cancel',
    /** The "this wasn't me" link of a new-address notice: freezes withdrawals (no session; the link's token). */
    freeze: '/asset/api/userwithdraw/freeze',
  },
  /** Coins and chains a deposit can arrive on, and the user's deposit address (docs/product.md §7 "Addresses and deposits"). */
  currency: {
    rechargeTypes: '/asset/api/currency/recharge-types',
    chainTypes: '/asset/api/currency/chain-types',
    getDepositAddress: '/asset/api/currency/get-deposit-address',
  },
  /** Deposits: the coins to deposit, the user's addresses and address book, deposit notices and records (docs/deposits.md). */
  userRecharge: {
    rechargeCoin: '/asset/api/userrechange/recharge-coin',
    getAddresses: '/asset/api/userrechange/get-addresses',
    createAddress: '/asset/api/userrechange/create-address',
    updateAddress: '/asset/api/userrechange/update-address',
    deleteAddress: '/asset/api/userrechange/delete-address',
    insert: '/asset/api/userrechange/insert',
    list: '/asset/api/userrechange/list',
    /**
     * Added by this project (issue 34): test coins from the development chain to the user's own deposit
     * address; answers DEV_CHAIN_OFF wherever no development chain runs (docs/deposits.md "The development chain").
     */
    devChainSend: '/asset/api/userrechange/dev-chain-send',
  },
  /** Fixed-term financing (docs/product.md §7 "Financing", docs/financing.md); `redeem` is added by this project. */
  product: {
    productList: '/asset/api/product/productList',
    /** The estimate: interest, dates, and the one-use confirmation token `buyFinanceProduct` needs. */
    estimatedAmount: '/asset/api/product/estimatedAmount',
    /** A GET in the product document that moves money: needs the session, an Idempotency-Key and the estimate's token. */
    buyFinanceProduct: '/asset/api/product/buyFinanceProduct',
    userProductList: '/asset/api/product/userProductList',
    /** Added by this project: ends a subscription before maturity, where its product allows it. */
    redeem: '/asset/api/product/redeem',
  },
  /** The durations financing is offered for and the annualised rate of each (docs/product.md §7). */
  manageRate: {
    listTime: '/asset/api/manage-rate/list-time',
    getProfitRate: '/asset/api/manage-rate/get-profit-rate',
  },
  /** Loans (docs/product.md §7 "Loans", docs/loans.md). */
  loan: {
    productList: '/asset/api/loan/productList',
    userProductList: '/asset/api/loan/userProductList',
    /** An application for a loan (the name in docs/product.md kept: it creates the user's loan, not a product). */
    createLoanProduct: '/asset/api/loan/createLoanProduct',
    payAllApplications: '/asset/api/loan/pay-all-applications',
    payOneApplication: '/asset/api/loan/pay-one-application',
    estimatePaidLoan: '/asset/api/loan/estimate-paid-loan',
    estimatePaidLoans: '/asset/api/loan/estimate-paid-loans',
  },
  /** A loan product's rules text in the request's language (docs/product.md §7). */
  rule: {
    getRule: '/asset/api/rule/get-rule',
  },
  /** Customer-service chat (added by this project; docs/chat.md). */
  chat: {
    conversation: '/asset/api/chat/conversation',
    messages: '/asset/api/chat/messages',
    send: '/asset/api/chat/send',
    read: '/asset/api/chat/read',
  },
  /** Added by this project (issue 20): the helper centre's categories, articles and search. */
  help: {
    categories: '/asset/api/help/categories',
    list: '/asset/api/help/list',
    search: '/asset/api/help/search',
    detail: '/asset/api/help/detail',
  },
  /** Added by this project (issue 20): versioned legal and company texts, and the user's acceptances. */
  legal: {
    document: '/asset/api/legal/document',
    acceptances: '/asset/api/legal/acceptances',
    accept: '/asset/api/legal/accept',
  },
  /** App versions and downloads (docs/product.md §7; docs/app-version.md); `companyAddress` is added by this project. */
  appVersion: {
    appQr: '/asset/api/app-version/app-qr',
    getVersion: '/asset/api/app-version/get-version',
    companyAddress: '/asset/api/app-version/company-address',
    /** Added by this project: the web app's deployed build and whether a browser running another should reload. */
    webBuild: '/asset/api/app-version/web-build',
  },
  /** Added by this project (issue 34): the home page's shortcuts as operators set them (no session; docs/content.md "Home shortcuts"). */
  home: {
    shortcuts: '/asset/api/home/shortcuts',
  },
  /** Added by this project (issue 34): the VIP tiers, and the caller's tier and progress when a session is sent (docs/vip.md). */
  vip: {
    info: '/asset/api/vip/info',
  },
  /** Added by this project (issue 34): the novice guide's steps, each done or not from the user's own records (docs/content.md "Novice guide"). */
  guide: {
    progress: '/asset/api/guide/progress',
  },
  common: {
    upload: '/asset/api/common/upload',
    /** Private uploads, served only to their owner: GET with the token header. */
    file: '/asset/api/common/file',
  },
} as const;

/**
 * The back office's API (issue 16), served by the same server. Operator routes only: a user token
 * never opens them, an operator token never opens a user route.
 */
export const ADMIN_API_PREFIX = '/admin/api/';
export const ADMIN_API = {
  auth: {
    login: '/admin/api/auth/login',
    logout: '/admin/api/auth/logout',
    me: '/admin/api/auth/me',
  },
  /** The dashboard: how much waits in each queue of the operator's role (every role). */
  dashboard: '/admin/api/dashboard',
  operators: {
    list: '/admin/api/operators/list',
    create: '/admin/api/operators/create',
    disable: '/admin/api/operators/disable',
  },
  audit: {
    list: '/admin/api/audit/list',
  },
  /** Users as the back office sees them (every role reads; support, compliance and admin lock). */
  users: {
    search: '/admin/api/users/search',
    detail: '/admin/api/users/detail',
    lock: '/admin/api/users/lock',
    unlock: '/admin/api/users/unlock',
    logout: '/admin/api/users/logout',
    /** Lifts a freeze of withdrawals the user set with a new-address notice's link (support, compliance, admin). */
    unfreezeWithdrawals: '/admin/api/users/unfreeze-withdrawals',
  },
  /** Four eyes: an operator's change of money, asked by one operator and decided by another (finance, admin). */
  approvals: {
    list: '/admin/api/approvals/list',
    requestCredit: '/admin/api/approvals/request-credit',
    requestReversal: '/admin/api/approvals/request-reversal',
    decide: '/admin/api/approvals/decide',
  },
  /** Identity verification's review (compliance); every read of a submission or a photo is audited. */
  kyc: {
    queue: '/admin/api/kyc/queue',
    detail: '/admin/api/kyc/detail',
    photo: '/admin/api/kyc/photo',
    decide: '/admin/api/kyc/decide',
  },
  /** Withdrawals' review (finance, admin; four eyes above WITHDRAW_FOUR_EYES_USDT) and their fee settings (admin changes). */
  withdrawals: {
    list: '/admin/api/withdrawals/list',
    decide: '/admin/api/withdrawals/decide',
    settings: '/admin/api/withdrawals/settings',
    updateSetting: '/admin/api/withdrawals/settings/update',
  },
  /** Financing products (admin, finance create and change; a change never touches existing subscriptions). */
  financing: {
    products: '/admin/api/financing/products',
    saveProduct: '/admin/api/financing/products/save',
    subscriptions: '/admin/api/financing/subscriptions',
  },
  /** Loans: products (admin, finance) and the review of applications (finance, admin; four eyes above LOAN_FOUR_EYES_USDT). */
  loans: {
    products: '/admin/api/loans/products',
    saveProduct: '/admin/api/loans/products/save',
    list: '/admin/api/loans/list',
    detail: '/admin/api/loans/detail',
    photo: '/admin/api/loans/photo',
    decide: '/admin/api/loans/decide',
  },
  /** News and announcements: written, scheduled, changed and withdrawn (support, admin). */
  news: {
    list: '/admin/api/content/news/list',
    save: '/admin/api/content/news/save',
    withdraw: '/admin/api/content/news/withdraw',
  },
  /** The customer-service inbox (support, admin; docs/chat.md). */
  chat: {
    inbox: '/admin/api/chat/inbox',
    inboxState: '/admin/api/chat/inbox-state',
    conversation: '/admin/api/chat/conversation',
    messages: '/admin/api/chat/messages',
    reply: '/admin/api/chat/reply',
    read: '/admin/api/chat/read',
    assign: '/admin/api/chat/assign',
    move: '/admin/api/chat/move',
    close: '/admin/api/chat/close',
    image: '/admin/api/chat/image',
    operators: '/admin/api/chat/operators',
    canned: '/admin/api/chat/canned',
    cannedSave: '/admin/api/chat/canned/save',
    cannedDelete: '/admin/api/chat/canned/delete',
  },
  /** The helper centre's articles (support, admin): list, create or change, publish or unpublish. */
  help: {
    list: '/admin/api/content/help/list',
    save: '/admin/api/content/help/save',
    publish: '/admin/api/content/help/publish',
  },
  /** Legal and company texts (compliance, admin): the versions of a kind, and publishing a new version. */
  legal: {
    versions: '/admin/api/content/legal/versions',
    publish: '/admin/api/content/legal/publish',
  },
  /** The home page's shortcuts: shown or hidden, label, target (support, admin; audited). */
  shortcuts: {
    list: '/admin/api/content/shortcuts/list',
    save: '/admin/api/content/shortcuts/save',
  },
  /** VIP tiers: thresholds and benefits (finance reads; admin changes; audited). */
  vip: {
    tiers: '/admin/api/vip/tiers',
    save: '/admin/api/vip/tiers/save',
  },
  /** App versions (publish, list) and the download links (admin; audited). */
  appVersions: {
    list: '/admin/api/app-versions/list',
    publish: '/admin/api/app-versions/publish',
    downloads: '/admin/api/app-versions/downloads/save',
  },
} as const;

/** Public URL prefix of avatars. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';
