/**
 * Notification templates (issue 20): a personal notification is stored once as `kind` + `params`
 * (user_notifications); this module words it in the reader's language and says where it leads in
 * the app. The server renders with it (list, detail, the SSE stream); nothing else words a notice.
 *
 * OWNER: the notification-templates work. Every kind any module writes must be in NOTICE_KINDS and
 * worded in all 8 languages (a test checks it); an unknown kind renders a neutral fallback, never throws.
 * docs/notification-kinds.md lists each kind: when it is written, its params and its link.
 *
 * Template syntax: `{name}` is the param `name`; `[[ … ]]` is an optional part, left out when a
 * param inside it is missing or empty (a rejection without a note). Values are shown as given —
 * amounts are the writer's formatted strings, followed by `{currency}` in the template — except:
 * date params (DATE_PARAMS: epoch ms or ISO strings) read `2026-11-27 16:21 UTC`; `reason` is the
 * reason code worded in the language (REASONS, per domain); `chain` a deposit chain id reads as its
 * network name; `mode: 'demo'` gives `{demo}`, the language's "demo account"; a param that is an object
 * of texts by header language with an `en` one (a product's names) reads in the language, else in English.
 */
import type { HeaderLang } from './lang';
import { DEPOSIT_CHAINS, type DepositChainId } from './schemas/deposits';

export type NoticeParams = Record<string, unknown>;

export interface RenderedNotice {
  title: string;
  body: string;
  /** An app route (mobile path, e.g. /pages/withdraw/components/history), or null when there is nothing to open. */
  link: string | null;
}

/** Every kind a module writes into user_notifications. */
export const NOTICE_KINDS = [
  'deposit.seen',
  'deposit.credited',
  'deposit.below_minimum',
  'withdrawal.processing',
  'withdrawal.approved',
  'withdrawal.broadcast',
  'withdrawal.completed',
  'withdrawal.rejected',
  'withdrawal.failed',
  'withdrawal.cancelled',
  'withdraw_address.added',
  'withdraw_address.confirmed',
  'kyc.verified',
  'kyc.rejected',
  'loan.approved',
  'loan.rejected',
  'loan.due_soon',
  'loan.overdue',
  'financing.matured',
  'login.new_device',
  'password.changed',
  'password.reset',
  'fund_password.set',
  'fund_password.changed',
  'fund_password.reset',
  'chat.reply',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The params each kind's writer gives (what the templates may use); the test checks every one is filled. */
export const NOTICE_PARAMS: Readonly<Record<NoticeKind, readonly string[]>> = {
  'deposit.seen': ['id', 'amount', 'currency', 'chain', 'txHash', 'confirmations'],
  'deposit.credited': ['id', 'amount', 'currency', 'chain', 'txHash'],
  'deposit.below_minimum': ['id', 'amount', 'currency', 'chain', 'txHash'],
  'withdrawal.processing': ['id', 'amount', 'currency'],
  'withdrawal.approved': ['id', 'amount', 'currency'],
  'withdrawal.broadcast': ['id', 'amount', 'currency', 'txHash'],
  'withdrawal.completed': ['id', 'amount', 'receive', 'currency', 'txHash'],
  'withdrawal.rejected': ['id', 'amount', 'currency', 'reason', 'note'],
  'withdrawal.failed': ['id', 'amount', 'currency', 'note'],
  'withdrawal.cancelled': ['id', 'amount', 'currency', 'note'],
  'withdraw_address.added': ['currency', 'chain', 'address', 'usableFrom'],
  'withdraw_address.confirmed': ['currency', 'chain', 'address'],
  'kyc.verified': [],
  'kyc.rejected': ['reason', 'note'],
  'loan.approved': ['id', 'amount', 'currency'],
  'loan.rejected': ['id', 'reason', 'note'],
  'loan.due_soon': ['id', 'amount', 'toPay', 'currency', 'dueAt'],
  'loan.overdue': ['id', 'amount', 'toPay', 'currency', 'dueAt'],
  'financing.matured': ['id', 'product', 'principal', 'interest', 'currency', 'mode'],
  'login.new_device': ['device', 'ip', 'at'],
  'password.changed': [],
  'password.reset': [],
  'fund_password.set': [],
  'fund_password.changed': [],
  'fund_password.reset': [],
  'chat.reply': ['preview'],
};

/** Where each kind leads (mobile paths of apps/web PATHS, as literals: the contract does not import the web app). */
export const NOTICE_LINKS: Readonly<Record<NoticeKind, string | null>> = {
  'deposit.seen': '/pages/recharge/recharge-records',
  'deposit.credited': '/pages/recharge/recharge-records',
  'deposit.below_minimum': '/pages/recharge/recharge-records',
  'withdrawal.processing': '/pages/withdraw/withdraw-history',
  'withdrawal.approved': '/pages/withdraw/withdraw-history',
  'withdrawal.broadcast': '/pages/withdraw/withdraw-history',
  'withdrawal.completed': '/pages/withdraw/withdraw-history',
  'withdrawal.rejected': '/pages/withdraw/withdraw-history',
  'withdrawal.failed': '/pages/withdraw/withdraw-history',
  'withdrawal.cancelled': '/pages/withdraw/withdraw-history',
  'withdraw_address.added': '/pages/withdraw/withdraw-address-list',
  'withdraw_address.confirmed': '/pages/withdraw/withdraw-address-list',
  'kyc.verified': '/pages/profile/kyc-verification/index',
  'kyc.rejected': '/pages/profile/kyc-verification/index',
  'loan.approved': '/pages/loan/components/history-loan',
  'loan.rejected': '/pages/loan/components/history-loan',
  'loan.due_soon': '/pages/loan/components/list-pay-loan',
  'loan.overdue': '/pages/loan/components/list-pay-loan',
  'financing.matured': '/pages/manage-account/components/history-financing',
  'login.new_device': '/pages/profile/security-center/index',
  'password.changed': '/pages/profile/security-center/index',
  'password.reset': '/pages/profile/security-center/index',
  'fund_password.set': '/pages/profile/security-center/index',
  'fund_password.changed': '/pages/profile/security-center/index',
  'fund_password.reset': '/pages/profile/security-center/index',
  'chat.reply': '/pages/home/components/customer-service-mobile',
};

/** Params shown as dates (epoch ms or ISO strings). */
const DATE_PARAMS: ReadonlySet<string> = new Set(['usableFrom', 'dueAt', 'at']);

/** A template: title and body. */
type T = readonly [title: string, body: string];

interface Catalogue {
  kinds: Record<NoticeKind, T>;
  /** Reason codes per domain (the kind's prefix): kyc, loan, withdrawal. */
  reasons: Record<string, string>;
  demo: string;
  fallback: T;
}

const EN: Catalogue = {
  kinds: {
    'deposit.seen': [
      'Deposit on its way',
      'Your deposit of {amount} {currency} on {chain} has been seen on the chain. It is credited after {confirmations} confirmations.',
    ],
    'deposit.credited': [
      'Deposit credited',
      'Your deposit of {amount} {currency} on {chain} has been credited to your balance.',
    ],
    'deposit.below_minimum': [
      'Deposit below the minimum',
      'Your deposit of {amount} {currency} on {chain} is below the minimum deposit and is not credited. Please contact customer service.',
    ],
    'withdrawal.processing': ['Withdrawal under review', 'Your withdrawal of {amount} {currency} is being reviewed.'],
    'withdrawal.approved': [
      'Withdrawal approved',
      'Your withdrawal of {amount} {currency} has been approved and will be sent shortly.',
    ],
    'withdrawal.broadcast': [
      'Withdrawal sent',
      'Your withdrawal of {amount} {currency} has been sent to the network and is waiting for confirmations.[[ Transaction: {txHash}]]',
    ],
    'withdrawal.completed': [
      'Withdrawal completed',
      'Your withdrawal of {amount} {currency} is complete: {receive} {currency} reached the address.[[ Transaction: {txHash}]]',
    ],
    'withdrawal.rejected': [
      'Withdrawal rejected',
      'Your withdrawal of {amount} {currency} was rejected: {reason}.[[ Note: {note}.]] The amount is back in your balance.',
    ],
    'withdrawal.failed': [
      'Withdrawal failed',
      'Your withdrawal of {amount} {currency} could not be sent. The amount is back in your balance.',
    ],
    'withdrawal.cancelled': [
      'Withdrawal cancelled',
      'Your withdrawal of {amount} {currency} was cancelled. The amount is back in your balance.',
    ],
    'withdraw_address.added': [
      'New withdrawal address',
      'A {currency} address on {chain} was added to your address book: {address}. It can be used from {usableFrom}. If this was not you, freeze withdrawals now.',
    ],
    'withdraw_address.confirmed': [
      'Withdrawal address confirmed',
      'The {currency} address {address} on {chain} is confirmed and can be used now.',
    ],
    'kyc.verified': ['Identity verified', 'Your identity verification has been approved.'],
    'kyc.rejected': [
      'Identity verification not approved',
      'Your identity verification was not approved: {reason}.[[ Note: {note}.]] You can correct your details and submit again.',
    ],
    'loan.approved': [
      'Loan approved',
      'Your loan of {amount} {currency} has been approved and paid into your balance.',
    ],
    'loan.rejected': ['Loan not approved', 'Your loan application was not approved: {reason}.[[ Note: {note}.]]'],
    'loan.due_soon': [
      'Loan due soon',
      'Your loan of {amount} {currency} is due on {dueAt}. To repay now: {toPay} {currency}.',
    ],
    'loan.overdue': [
      'Loan overdue',
      'Your loan of {amount} {currency} was due on {dueAt}. Late interest now applies. To repay now: {toPay} {currency}.',
    ],
    'financing.matured': [
      'Financing matured',
      '{product} has matured: {principal} {currency} principal and {interest} {currency} interest have been paid to your financing account.[[ ({demo})]]',
    ],
    'login.new_device': [
      'Sign-in from a new device',
      'Your account was signed in from a new device: {device}, IP {ip}, at {at}. If this was not you, change your password now.',
    ],
    'password.changed': [
      'Login password changed',
      'Your login password was changed and your other sessions were signed out. Withdrawals pause for a while for your safety. If this was not you, contact customer service now.',
    ],
    'password.reset': [
      'Login password reset',
      'Your login password was reset with a verification code and all sessions were signed out. Withdrawals pause for a while for your safety. If this was not you, contact customer service now.',
    ],
    'fund_password.set': ['Fund password set', 'You have set a fund password. You will need it to withdraw.'],
    'fund_password.changed': [
      'Fund password changed',
      'Your fund password was changed. Withdrawals pause for a while for your safety. If this was not you, contact customer service now.',
    ],
    'fund_password.reset': [
      'Fund password reset',
      'Your fund password was reset with a verification code. Withdrawals pause for a while for your safety. If this was not you, contact customer service now.',
    ],
    'chat.reply': ['New reply from customer service', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': 'the document photo is not readable',
    'kyc.document_expired': 'the document has expired',
    'kyc.document_not_accepted': 'this document is not accepted',
    'kyc.details_mismatch': 'the details do not match the document',
    'kyc.selfie_mismatch': 'the selfie does not match the document',
    'loan.documents_unclear': 'the documents are not clear',
    'loan.identity_mismatch': 'the identity does not match',
    'loan.affordability': 'the loan is not affordable for you',
    'withdrawal.address_risk': 'the address is flagged as risky',
    'withdrawal.suspicious_activity': 'suspicious activity',
    'withdrawal.identity_check': 'an identity check is needed',
    'withdrawal.user_request': 'at your request',
    other: 'other reason',
  },
  demo: 'demo account',
  fallback: ['Notification', 'You have a new notification.'],
};

const ZH: Catalogue = {
  kinds: {
    'deposit.seen': [
      '充值到账中',
      '您在 {chain} 上的 {amount} {currency} 充值已在链上检测到，{confirmations} 个确认后入账。',
    ],
    'deposit.credited': ['充值已入账', '您在 {chain} 上的 {amount} {currency} 充值已存入您的余额。'],
    'deposit.below_minimum': [
      '充值低于最低金额',
      '您在 {chain} 上的 {amount} {currency} 充值低于最低充值金额，不予入账。请联系客服。',
    ],
    'withdrawal.processing': ['提现审核中', '您的 {amount} {currency} 提现正在审核。'],
    'withdrawal.approved': ['提现已批准', '您的 {amount} {currency} 提现已批准，即将发出。'],
    'withdrawal.broadcast': [
      '提现已发出',
      '您的 {amount} {currency} 提现已发送至网络，正在等待确认。[[交易哈希：{txHash}]]',
    ],
    'withdrawal.completed': [
      '提现已完成',
      '您的 {amount} {currency} 提现已完成：{receive} {currency} 已到达地址。[[交易哈希：{txHash}]]',
    ],
    'withdrawal.rejected': [
      '提现被拒绝',
      '您的 {amount} {currency} 提现被拒绝：{reason}。[[备注：{note}。]]金额已退回您的余额。',
    ],
    'withdrawal.failed': ['提现失败', '您的 {amount} {currency} 提现未能发出，金额已退回您的余额。'],
    'withdrawal.cancelled': ['提现已取消', '您的 {amount} {currency} 提现已取消，金额已退回您的余额。'],
    'withdraw_address.added': [
      '新增提现地址',
      '您的地址簿新增了 {chain} 上的 {currency} 地址：{address}，自 {usableFrom} 起可用。如非本人操作，请立即冻结提现。',
    ],
    'withdraw_address.confirmed': ['提现地址已确认', '{chain} 上的 {currency} 地址 {address} 已确认，现在即可使用。'],
    'kyc.verified': ['身份认证已通过', '您的身份认证已通过审核。'],
    'kyc.rejected': ['身份认证未通过', '您的身份认证未通过：{reason}。[[备注：{note}。]]您可以修改资料后重新提交。'],
    'loan.approved': ['贷款已批准', '您的 {amount} {currency} 贷款已批准，并已发放至您的余额。'],
    'loan.rejected': ['贷款未获批准', '您的贷款申请未获批准：{reason}。[[备注：{note}。]]'],
    'loan.due_soon': ['贷款即将到期', '您的 {amount} {currency} 贷款将于 {dueAt} 到期。当前应还：{toPay} {currency}。'],
    'loan.overdue': [
      '贷款已逾期',
      '您的 {amount} {currency} 贷款已于 {dueAt} 到期，现按逾期利率计息。当前应还：{toPay} {currency}。',
    ],
    'financing.matured': [
      '理财已到期',
      '{product} 已到期：本金 {principal} {currency} 和利息 {interest} {currency} 已存入您的理财账户。[[（{demo}）]]',
    ],
    'login.new_device': [
      '新设备登录',
      '您的账户于 {at} 在新设备上登录：{device}，IP {ip}。如非本人操作，请立即修改密码。',
    ],
    'password.changed': [
      '登录密码已修改',
      '您的登录密码已修改，其他会话已退出。为了您的安全，提现将暂停一段时间。如非本人操作，请立即联系客服。',
    ],
    'password.reset': [
      '登录密码已重置',
      '您的登录密码已通过验证码重置，所有会话已退出。为了您的安全，提现将暂停一段时间。如非本人操作，请立即联系客服。',
    ],
    'fund_password.set': ['资金密码已设置', '您已设置资金密码，提现时需要输入。'],
    'fund_password.changed': [
      '资金密码已修改',
      '您的资金密码已修改。为了您的安全，提现将暂停一段时间。如非本人操作，请立即联系客服。',
    ],
    'fund_password.reset': [
      '资金密码已重置',
      '您的资金密码已通过验证码重置。为了您的安全，提现将暂停一段时间。如非本人操作，请立即联系客服。',
    ],
    'chat.reply': ['客服有新回复', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': '证件照片无法辨认',
    'kyc.document_expired': '证件已过期',
    'kyc.document_not_accepted': '不接受此证件',
    'kyc.details_mismatch': '信息与证件不符',
    'kyc.selfie_mismatch': '自拍与证件不符',
    'loan.documents_unclear': '材料不清晰',
    'loan.identity_mismatch': '身份信息不符',
    'loan.affordability': '还款能力不足',
    'withdrawal.address_risk': '地址存在风险',
    'withdrawal.suspicious_activity': '存在可疑活动',
    'withdrawal.identity_check': '需要核实身份',
    'withdrawal.user_request': '应您的要求',
    other: '其他原因',
  },
  demo: '模拟账户',
  fallback: ['通知', '您有一条新通知。'],
};

const ZH_HK: Catalogue = {
  kinds: {
    'deposit.seen': [
      '充值到賬中',
      '您在 {chain} 上的 {amount} {currency} 充值已在鏈上偵測到，{confirmations} 個確認後入賬。',
    ],
    'deposit.credited': ['充值已入賬', '您在 {chain} 上的 {amount} {currency} 充值已存入您的餘額。'],
    'deposit.below_minimum': [
      '充值低於最低金額',
      '您在 {chain} 上的 {amount} {currency} 充值低於最低充值金額，不予入賬。請聯絡客服。',
    ],
    'withdrawal.processing': ['提現審核中', '您的 {amount} {currency} 提現正在審核。'],
    'withdrawal.approved': ['提現已批准', '您的 {amount} {currency} 提現已批准，即將發出。'],
    'withdrawal.broadcast': [
      '提現已發出',
      '您的 {amount} {currency} 提現已發送至網絡，正在等待確認。[[交易雜湊：{txHash}]]',
    ],
    'withdrawal.completed': [
      '提現已完成',
      '您的 {amount} {currency} 提現已完成：{receive} {currency} 已到達地址。[[交易雜湊：{txHash}]]',
    ],
    'withdrawal.rejected': [
      '提現被拒絕',
      '您的 {amount} {currency} 提現被拒絕：{reason}。[[備註：{note}。]]金額已退回您的餘額。',
    ],
    'withdrawal.failed': ['提現失敗', '您的 {amount} {currency} 提現未能發出，金額已退回您的餘額。'],
    'withdrawal.cancelled': ['提現已取消', '您的 {amount} {currency} 提現已取消，金額已退回您的餘額。'],
    'withdraw_address.added': [
      '新增提現地址',
      '您的地址簿新增了 {chain} 上的 {currency} 地址：{address}，自 {usableFrom} 起可用。如非本人操作，請立即凍結提現。',
    ],
    'withdraw_address.confirmed': ['提現地址已確認', '{chain} 上的 {currency} 地址 {address} 已確認，現在即可使用。'],
    'kyc.verified': ['身份認證已通過', '您的身份認證已通過審核。'],
    'kyc.rejected': ['身份認證未通過', '您的身份認證未通過：{reason}。[[備註：{note}。]]您可以修改資料後重新提交。'],
    'loan.approved': ['貸款已批准', '您的 {amount} {currency} 貸款已批准，並已發放至您的餘額。'],
    'loan.rejected': ['貸款未獲批准', '您的貸款申請未獲批准：{reason}。[[備註：{note}。]]'],
    'loan.due_soon': ['貸款即將到期', '您的 {amount} {currency} 貸款將於 {dueAt} 到期。目前應還：{toPay} {currency}。'],
    'loan.overdue': [
      '貸款已逾期',
      '您的 {amount} {currency} 貸款已於 {dueAt} 到期，現按逾期利率計息。目前應還：{toPay} {currency}。',
    ],
    'financing.matured': [
      '理財已到期',
      '{product} 已到期：本金 {principal} {currency} 和利息 {interest} {currency} 已存入您的理財賬戶。[[（{demo}）]]',
    ],
    'login.new_device': [
      '新裝置登入',
      '您的賬戶於 {at} 在新裝置上登入：{device}，IP {ip}。如非本人操作，請立即修改密碼。',
    ],
    'password.changed': [
      '登入密碼已修改',
      '您的登入密碼已修改，其他工作階段已登出。為了您的安全，提現將暫停一段時間。如非本人操作，請立即聯絡客服。',
    ],
    'password.reset': [
      '登入密碼已重設',
      '您的登入密碼已透過驗證碼重設，所有工作階段已登出。為了您的安全，提現將暫停一段時間。如非本人操作，請立即聯絡客服。',
    ],
    'fund_password.set': ['資金密碼已設定', '您已設定資金密碼，提現時需要輸入。'],
    'fund_password.changed': [
      '資金密碼已修改',
      '您的資金密碼已修改。為了您的安全，提現將暫停一段時間。如非本人操作，請立即聯絡客服。',
    ],
    'fund_password.reset': [
      '資金密碼已重設',
      '您的資金密碼已透過驗證碼重設。為了您的安全，提現將暫停一段時間。如非本人操作，請立即聯絡客服。',
    ],
    'chat.reply': ['客服有新回覆', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': '證件相片無法辨認',
    'kyc.document_expired': '證件已過期',
    'kyc.document_not_accepted': '不接受此證件',
    'kyc.details_mismatch': '資料與證件不符',
    'kyc.selfie_mismatch': '自拍與證件不符',
    'loan.documents_unclear': '文件不清晰',
    'loan.identity_mismatch': '身份資料不符',
    'loan.affordability': '還款能力不足',
    'withdrawal.address_risk': '地址存在風險',
    'withdrawal.suspicious_activity': '存在可疑活動',
    'withdrawal.identity_check': '需要核實身份',
    'withdrawal.user_request': '應您的要求',
    other: '其他原因',
  },
  demo: '模擬賬戶',
  fallback: ['通知', '您有一則新通知。'],
};

const JA: Catalogue = {
  kinds: {
    'deposit.seen': [
      '入金を確認中',
      '{chain} での {amount} {currency} の入金をチェーン上で検出しました。{confirmations} 回の承認後に反映されます。',
    ],
    'deposit.credited': ['入金が反映されました', '{chain} での {amount} {currency} の入金が残高に反映されました。'],
    'deposit.below_minimum': [
      '最低入金額未満の入金',
      '{chain} での {amount} {currency} の入金は最低入金額未満のため反映されません。カスタマーサービスにお問い合わせください。',
    ],
    'withdrawal.processing': ['出金を審査中', '{amount} {currency} の出金を審査しています。'],
    'withdrawal.approved': [
      '出金が承認されました',
      '{amount} {currency} の出金が承認されました。まもなく送金されます。',
    ],
    'withdrawal.broadcast': [
      '出金を送信しました',
      '{amount} {currency} の出金をネットワークに送信しました。承認を待っています。[[ トランザクション：{txHash}]]',
    ],
    'withdrawal.completed': [
      '出金が完了しました',
      '{amount} {currency} の出金が完了しました：{receive} {currency} がアドレスに届きました。[[ トランザクション：{txHash}]]',
    ],
    'withdrawal.rejected': [
      '出金が却下されました',
      '{amount} {currency} の出金は却下されました：{reason}。[[備考：{note}。]]金額は残高に戻りました。',
    ],
    'withdrawal.failed': [
      '出金に失敗しました',
      '{amount} {currency} の出金を送信できませんでした。金額は残高に戻りました。',
    ],
    'withdrawal.cancelled': [
      '出金をキャンセルしました',
      '{amount} {currency} の出金はキャンセルされました。金額は残高に戻りました。',
    ],
    'withdraw_address.added': [
      '出金アドレスが追加されました',
      '{chain} の {currency} アドレスがアドレス帳に追加されました：{address}。{usableFrom} から使用できます。心当たりがない場合は、すぐに出金を凍結してください。',
    ],
    'withdraw_address.confirmed': [
      '出金アドレスを確認しました',
      '{chain} の {currency} アドレス {address} が確認され、今すぐ使用できます。',
    ],
    'kyc.verified': ['本人確認が完了しました', '本人確認が承認されました。'],
    'kyc.rejected': [
      '本人確認が承認されませんでした',
      '本人確認は承認されませんでした：{reason}。[[備考：{note}。]]内容を修正して再提出できます。',
    ],
    'loan.approved': ['ローンが承認されました', '{amount} {currency} のローンが承認され、残高に入金されました。'],
    'loan.rejected': [
      'ローンが承認されませんでした',
      'ローンの申請は承認されませんでした：{reason}。[[備考：{note}。]]',
    ],
    'loan.due_soon': [
      'ローンの返済期限が近づいています',
      '{amount} {currency} のローンの返済期限は {dueAt} です。現在の返済額：{toPay} {currency}。',
    ],
    'loan.overdue': [
      'ローンの返済期限を過ぎました',
      '{amount} {currency} のローンの返済期限は {dueAt} でした。延滞利息が適用されています。現在の返済額：{toPay} {currency}。',
    ],
    'financing.matured': [
      '資産運用が満期になりました',
      '{product} が満期になりました：元本 {principal} {currency} と利息 {interest} {currency} が運用口座に支払われました。[[（{demo}）]]',
    ],
    'login.new_device': [
      '新しい端末からのログイン',
      '{at} に新しい端末からログインがありました：{device}、IP {ip}。心当たりがない場合は、すぐにパスワードを変更してください。',
    ],
    'password.changed': [
      'ログインパスワードを変更しました',
      'ログインパスワードが変更され、他のセッションはログアウトされました。安全のため、出金はしばらく停止されます。心当たりがない場合は、すぐにカスタマーサービスにご連絡ください。',
    ],
    'password.reset': [
      'ログインパスワードを再設定しました',
      'ログインパスワードが認証コードで再設定され、すべてのセッションがログアウトされました。安全のため、出金はしばらく停止されます。心当たりがない場合は、すぐにカスタマーサービスにご連絡ください。',
    ],
    'fund_password.set': ['資金パスワードを設定しました', '資金パスワードを設定しました。出金時に必要です。'],
    'fund_password.changed': [
      '資金パスワードを変更しました',
      '資金パスワードが変更されました。安全のため、出金はしばらく停止されます。心当たりがない場合は、すぐにカスタマーサービスにご連絡ください。',
    ],
    'fund_password.reset': [
      '資金パスワードを再設定しました',
      '資金パスワードが認証コードで再設定されました。安全のため、出金はしばらく停止されます。心当たりがない場合は、すぐにカスタマーサービスにご連絡ください。',
    ],
    'chat.reply': ['カスタマーサービスから返信があります', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': '書類の写真が読み取れません',
    'kyc.document_expired': '書類の有効期限が切れています',
    'kyc.document_not_accepted': 'この書類は受け付けていません',
    'kyc.details_mismatch': '入力内容が書類と一致しません',
    'kyc.selfie_mismatch': '自撮り写真が書類と一致しません',
    'loan.documents_unclear': '書類が不鮮明です',
    'loan.identity_mismatch': '本人情報が一致しません',
    'loan.affordability': '返済能力が不足しています',
    'withdrawal.address_risk': 'アドレスにリスクがあります',
    'withdrawal.suspicious_activity': '不審な取引があります',
    'withdrawal.identity_check': '本人確認が必要です',
    'withdrawal.user_request': 'お客様のご依頼による',
    other: 'その他の理由',
  },
  demo: 'デモ口座',
  fallback: ['お知らせ', '新しいお知らせがあります。'],
};

const KO: Catalogue = {
  kinds: {
    'deposit.seen': [
      '입금 처리 중',
      '{chain}에서 {amount} {currency} 입금이 체인에서 확인되었습니다. {confirmations}회 컨펌 후 반영됩니다.',
    ],
    'deposit.credited': ['입금 완료', '{chain}에서 {amount} {currency} 입금이 잔액에 반영되었습니다.'],
    'deposit.below_minimum': [
      '최소 입금액 미만',
      '{chain}에서 {amount} {currency} 입금은 최소 입금액 미만이라 반영되지 않습니다. 고객센터에 문의하세요.',
    ],
    'withdrawal.processing': ['출금 심사 중', '{amount} {currency} 출금을 심사하고 있습니다.'],
    'withdrawal.approved': ['출금 승인', '{amount} {currency} 출금이 승인되었으며 곧 전송됩니다.'],
    'withdrawal.broadcast': [
      '출금 전송됨',
      '{amount} {currency} 출금이 네트워크로 전송되어 컨펌을 기다리고 있습니다.[[ 거래: {txHash}]]',
    ],
    'withdrawal.completed': [
      '출금 완료',
      '{amount} {currency} 출금이 완료되었습니다: {receive} {currency}가 주소에 도착했습니다.[[ 거래: {txHash}]]',
    ],
    'withdrawal.rejected': [
      '출금 거절',
      '{amount} {currency} 출금이 거절되었습니다: {reason}.[[ 메모: {note}.]] 금액은 잔액으로 돌아갔습니다.',
    ],
    'withdrawal.failed': ['출금 실패', '{amount} {currency} 출금을 전송하지 못했습니다. 금액은 잔액으로 돌아갔습니다.'],
    'withdrawal.cancelled': ['출금 취소', '{amount} {currency} 출금이 취소되었습니다. 금액은 잔액으로 돌아갔습니다.'],
    'withdraw_address.added': [
      '새 출금 주소',
      '{chain}의 {currency} 주소가 주소록에 추가되었습니다: {address}. {usableFrom}부터 사용할 수 있습니다. 본인이 아니라면 지금 출금을 동결하세요.',
    ],
    'withdraw_address.confirmed': [
      '출금 주소 확인',
      '{chain}의 {currency} 주소 {address}가 확인되어 지금 사용할 수 있습니다.',
    ],
    'kyc.verified': ['본인 인증 완료', '본인 인증이 승인되었습니다.'],
    'kyc.rejected': [
      '본인 인증 미승인',
      '본인 인증이 승인되지 않았습니다: {reason}.[[ 메모: {note}.]] 정보를 수정해 다시 제출할 수 있습니다.',
    ],
    'loan.approved': ['대출 승인', '{amount} {currency} 대출이 승인되어 잔액으로 지급되었습니다.'],
    'loan.rejected': ['대출 미승인', '대출 신청이 승인되지 않았습니다: {reason}.[[ 메모: {note}.]]'],
    'loan.due_soon': [
      '대출 만기 임박',
      '{amount} {currency} 대출의 만기일은 {dueAt}입니다. 현재 상환액: {toPay} {currency}.',
    ],
    'loan.overdue': [
      '대출 연체',
      '{amount} {currency} 대출의 만기일은 {dueAt}이었습니다. 연체 이자가 적용됩니다. 현재 상환액: {toPay} {currency}.',
    ],
    'financing.matured': [
      '재테크 만기',
      '{product} 상품이 만기되었습니다: 원금 {principal} {currency}와 이자 {interest} {currency}가 재테크 계정으로 지급되었습니다.[[ ({demo})]]',
    ],
    'login.new_device': [
      '새 기기에서 로그인',
      '{at}에 새 기기에서 계정에 로그인했습니다: {device}, IP {ip}. 본인이 아니라면 지금 비밀번호를 변경하세요.',
    ],
    'password.changed': [
      '로그인 비밀번호 변경',
      '로그인 비밀번호가 변경되었고 다른 세션은 로그아웃되었습니다. 안전을 위해 출금이 잠시 중지됩니다. 본인이 아니라면 지금 고객센터에 연락하세요.',
    ],
    'password.reset': [
      '로그인 비밀번호 재설정',
      '인증 코드로 로그인 비밀번호가 재설정되었고 모든 세션이 로그아웃되었습니다. 안전을 위해 출금이 잠시 중지됩니다. 본인이 아니라면 지금 고객센터에 연락하세요.',
    ],
    'fund_password.set': ['자금 비밀번호 설정', '자금 비밀번호를 설정했습니다. 출금할 때 필요합니다.'],
    'fund_password.changed': [
      '자금 비밀번호 변경',
      '자금 비밀번호가 변경되었습니다. 안전을 위해 출금이 잠시 중지됩니다. 본인이 아니라면 지금 고객센터에 연락하세요.',
    ],
    'fund_password.reset': [
      '자금 비밀번호 재설정',
      '인증 코드로 자금 비밀번호가 재설정되었습니다. 안전을 위해 출금이 잠시 중지됩니다. 본인이 아니라면 지금 고객센터에 연락하세요.',
    ],
    'chat.reply': ['고객센터의 새 답변', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': '신분증 사진을 읽을 수 없습니다',
    'kyc.document_expired': '신분증이 만료되었습니다',
    'kyc.document_not_accepted': '이 신분증은 받지 않습니다',
    'kyc.details_mismatch': '입력한 정보가 신분증과 다릅니다',
    'kyc.selfie_mismatch': '셀카가 신분증과 일치하지 않습니다',
    'loan.documents_unclear': '서류가 불분명합니다',
    'loan.identity_mismatch': '신원 정보가 일치하지 않습니다',
    'loan.affordability': '상환 능력이 부족합니다',
    'withdrawal.address_risk': '주소에 위험이 있습니다',
    'withdrawal.suspicious_activity': '의심스러운 활동',
    'withdrawal.identity_check': '본인 확인이 필요합니다',
    'withdrawal.user_request': '고객님의 요청',
    other: '기타 사유',
  },
  demo: '모의 계정',
  fallback: ['알림', '새 알림이 있습니다.'],
};

const DE: Catalogue = {
  kinds: {
    'deposit.seen': [
      'Einzahlung unterwegs',
      'Ihre Einzahlung von {amount} {currency} auf {chain} wurde auf der Blockchain erkannt. Sie wird nach {confirmations} Bestätigungen gutgeschrieben.',
    ],
    'deposit.credited': [
      'Einzahlung gutgeschrieben',
      'Ihre Einzahlung von {amount} {currency} auf {chain} wurde Ihrem Guthaben gutgeschrieben.',
    ],
    'deposit.below_minimum': [
      'Einzahlung unter dem Mindestbetrag',
      'Ihre Einzahlung von {amount} {currency} auf {chain} liegt unter dem Mindestbetrag und wird nicht gutgeschrieben. Bitte wenden Sie sich an den Kundendienst.',
    ],
    'withdrawal.processing': ['Auszahlung wird geprüft', 'Ihre Auszahlung von {amount} {currency} wird geprüft.'],
    'withdrawal.approved': [
      'Auszahlung genehmigt',
      'Ihre Auszahlung von {amount} {currency} wurde genehmigt und wird in Kürze gesendet.',
    ],
    'withdrawal.broadcast': [
      'Auszahlung gesendet',
      'Ihre Auszahlung von {amount} {currency} wurde an das Netzwerk gesendet und wartet auf Bestätigungen.[[ Transaktion: {txHash}]]',
    ],
    'withdrawal.completed': [
      'Auszahlung abgeschlossen',
      'Ihre Auszahlung von {amount} {currency} ist abgeschlossen: {receive} {currency} sind an der Adresse angekommen.[[ Transaktion: {txHash}]]',
    ],
    'withdrawal.rejected': [
      'Auszahlung abgelehnt',
      'Ihre Auszahlung von {amount} {currency} wurde abgelehnt: {reason}.[[ Hinweis: {note}.]] Der Betrag ist wieder in Ihrem Guthaben.',
    ],
    'withdrawal.failed': [
      'Auszahlung fehlgeschlagen',
      'Ihre Auszahlung von {amount} {currency} konnte nicht gesendet werden. Der Betrag ist wieder in Ihrem Guthaben.',
    ],
    'withdrawal.cancelled': [
      'Auszahlung storniert',
      'Ihre Auszahlung von {amount} {currency} wurde storniert. Der Betrag ist wieder in Ihrem Guthaben.',
    ],
    'withdraw_address.added': [
      'Neue Auszahlungsadresse',
      'Eine {currency}-Adresse auf {chain} wurde Ihrem Adressbuch hinzugefügt: {address}. Sie ist ab {usableFrom} nutzbar. Falls Sie das nicht waren, sperren Sie Auszahlungen sofort.',
    ],
    'withdraw_address.confirmed': [
      'Auszahlungsadresse bestätigt',
      'Die {currency}-Adresse {address} auf {chain} ist bestätigt und ab sofort nutzbar.',
    ],
    'kyc.verified': ['Identität verifiziert', 'Ihre Identitätsprüfung wurde genehmigt.'],
    'kyc.rejected': [
      'Identitätsprüfung nicht genehmigt',
      'Ihre Identitätsprüfung wurde nicht genehmigt: {reason}.[[ Hinweis: {note}.]] Sie können Ihre Angaben korrigieren und erneut einreichen.',
    ],
    'loan.approved': [
      'Kredit genehmigt',
      'Ihr Kredit über {amount} {currency} wurde genehmigt und Ihrem Guthaben gutgeschrieben.',
    ],
    'loan.rejected': [
      'Kredit nicht genehmigt',
      'Ihr Kreditantrag wurde nicht genehmigt: {reason}.[[ Hinweis: {note}.]]',
    ],
    'loan.due_soon': [
      'Kredit bald fällig',
      'Ihr Kredit über {amount} {currency} ist am {dueAt} fällig. Jetzt zurückzuzahlen: {toPay} {currency}.',
    ],
    'loan.overdue': [
      'Kredit überfällig',
      'Ihr Kredit über {amount} {currency} war am {dueAt} fällig. Es fallen nun Verzugszinsen an. Jetzt zurückzuzahlen: {toPay} {currency}.',
    ],
    'financing.matured': [
      'Anlage fällig',
      '{product} ist fällig: {principal} {currency} Kapital und {interest} {currency} Zinsen wurden auf Ihr Anlagekonto gezahlt.[[ ({demo})]]',
    ],
    'login.new_device': [
      'Anmeldung von einem neuen Gerät',
      'Ihr Konto wurde am {at} von einem neuen Gerät angemeldet: {device}, IP {ip}. Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort.',
    ],
    'password.changed': [
      'Anmeldepasswort geändert',
      'Ihr Anmeldepasswort wurde geändert und Ihre anderen Sitzungen wurden abgemeldet. Zu Ihrer Sicherheit sind Auszahlungen eine Zeit lang gesperrt. Falls Sie das nicht waren, kontaktieren Sie sofort den Kundendienst.',
    ],
    'password.reset': [
      'Anmeldepasswort zurückgesetzt',
      'Ihr Anmeldepasswort wurde mit einem Bestätigungscode zurückgesetzt und alle Sitzungen wurden abgemeldet. Zu Ihrer Sicherheit sind Auszahlungen eine Zeit lang gesperrt. Falls Sie das nicht waren, kontaktieren Sie sofort den Kundendienst.',
    ],
    'fund_password.set': [
      'Fondspasswort festgelegt',
      'Sie haben ein Fondspasswort festgelegt. Sie benötigen es für Auszahlungen.',
    ],
    'fund_password.changed': [
      'Fondspasswort geändert',
      'Ihr Fondspasswort wurde geändert. Zu Ihrer Sicherheit sind Auszahlungen eine Zeit lang gesperrt. Falls Sie das nicht waren, kontaktieren Sie sofort den Kundendienst.',
    ],
    'fund_password.reset': [
      'Fondspasswort zurückgesetzt',
      'Ihr Fondspasswort wurde mit einem Bestätigungscode zurückgesetzt. Zu Ihrer Sicherheit sind Auszahlungen eine Zeit lang gesperrt. Falls Sie das nicht waren, kontaktieren Sie sofort den Kundendienst.',
    ],
    'chat.reply': ['Neue Antwort vom Kundendienst', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': 'das Foto des Dokuments ist nicht lesbar',
    'kyc.document_expired': 'das Dokument ist abgelaufen',
    'kyc.document_not_accepted': 'dieses Dokument wird nicht akzeptiert',
    'kyc.details_mismatch': 'die Angaben stimmen nicht mit dem Dokument überein',
    'kyc.selfie_mismatch': 'das Selfie passt nicht zum Dokument',
    'loan.documents_unclear': 'die Unterlagen sind nicht eindeutig',
    'loan.identity_mismatch': 'die Identität stimmt nicht überein',
    'loan.affordability': 'der Kredit ist für Sie nicht tragbar',
    'withdrawal.address_risk': 'die Adresse gilt als riskant',
    'withdrawal.suspicious_activity': 'verdächtige Aktivität',
    'withdrawal.identity_check': 'eine Identitätsprüfung ist nötig',
    'withdrawal.user_request': 'auf Ihren Wunsch',
    other: 'anderer Grund',
  },
  demo: 'Demokonto',
  fallback: ['Benachrichtigung', 'Sie haben eine neue Benachrichtigung.'],
};

const FR: Catalogue = {
  kinds: {
    'deposit.seen': [
      'Dépôt en cours',
      'Votre dépôt de {amount} {currency} sur {chain} a été détecté sur la blockchain. Il sera crédité après {confirmations} confirmations.',
    ],
    'deposit.credited': [
      'Dépôt crédité',
      'Votre dépôt de {amount} {currency} sur {chain} a été crédité sur votre solde.',
    ],
    'deposit.below_minimum': [
      'Dépôt inférieur au minimum',
      "Votre dépôt de {amount} {currency} sur {chain} est inférieur au dépôt minimum et n'est pas crédité. Veuillez contacter le service client.",
    ],
    'withdrawal.processing': [
      'Retrait en cours de vérification',
      'Votre retrait de {amount} {currency} est en cours de vérification.',
    ],
    'withdrawal.approved': [
      'Retrait approuvé',
      'Votre retrait de {amount} {currency} a été approuvé et sera envoyé sous peu.',
    ],
    'withdrawal.broadcast': [
      'Retrait envoyé',
      'Votre retrait de {amount} {currency} a été envoyé sur le réseau et attend des confirmations.[[ Transaction : {txHash}]]',
    ],
    'withdrawal.completed': [
      'Retrait terminé',
      "Votre retrait de {amount} {currency} est terminé : {receive} {currency} sont arrivés à l'adresse.[[ Transaction : {txHash}]]",
    ],
    'withdrawal.rejected': [
      'Retrait refusé',
      'Votre retrait de {amount} {currency} a été refusé : {reason}.[[ Remarque : {note}.]] Le montant est de retour sur votre solde.',
    ],
    'withdrawal.failed': [
      'Échec du retrait',
      "Votre retrait de {amount} {currency} n'a pas pu être envoyé. Le montant est de retour sur votre solde.",
    ],
    'withdrawal.cancelled': [
      'Retrait annulé',
      'Votre retrait de {amount} {currency} a été annulé. Le montant est de retour sur votre solde.',
    ],
    'withdraw_address.added': [
      'Nouvelle adresse de retrait',
      "Une adresse {currency} sur {chain} a été ajoutée à votre carnet d'adresses : {address}. Elle est utilisable à partir du {usableFrom}. Si ce n'était pas vous, gelez les retraits maintenant.",
    ],
    'withdraw_address.confirmed': [
      'Adresse de retrait confirmée',
      "L'adresse {currency} {address} sur {chain} est confirmée et utilisable dès maintenant.",
    ],
    'kyc.verified': ['Identité vérifiée', "Votre vérification d'identité a été approuvée."],
    'kyc.rejected': [
      "Vérification d'identité non approuvée",
      "Votre vérification d'identité n'a pas été approuvée : {reason}.[[ Remarque : {note}.]] Vous pouvez corriger vos informations et les soumettre à nouveau.",
    ],
    'loan.approved': ['Prêt approuvé', 'Votre prêt de {amount} {currency} a été approuvé et versé sur votre solde.'],
    'loan.rejected': [
      'Prêt non approuvé',
      "Votre demande de prêt n'a pas été approuvée : {reason}.[[ Remarque : {note}.]]",
    ],
    'loan.due_soon': [
      'Échéance de prêt proche',
      'Votre prêt de {amount} {currency} arrive à échéance le {dueAt}. À rembourser maintenant : {toPay} {currency}.',
    ],
    'loan.overdue': [
      'Prêt en retard',
      "Votre prêt de {amount} {currency} arrivait à échéance le {dueAt}. Des intérêts de retard s'appliquent désormais. À rembourser maintenant : {toPay} {currency}.",
    ],
    'financing.matured': [
      'Placement arrivé à échéance',
      '{product} est arrivé à échéance : {principal} {currency} de capital et {interest} {currency} d’intérêts ont été versés sur votre compte de placement.[[ ({demo})]]',
    ],
    'login.new_device': [
      'Connexion depuis un nouvel appareil',
      "Votre compte a été connecté depuis un nouvel appareil : {device}, IP {ip}, le {at}. Si ce n'était pas vous, changez votre mot de passe maintenant.",
    ],
    'password.changed': [
      'Mot de passe de connexion modifié',
      "Votre mot de passe de connexion a été modifié et vos autres sessions ont été déconnectées. Par sécurité, les retraits sont suspendus un moment. Si ce n'était pas vous, contactez le service client maintenant.",
    ],
    'password.reset': [
      'Mot de passe de connexion réinitialisé',
      "Votre mot de passe de connexion a été réinitialisé avec un code de vérification et toutes les sessions ont été déconnectées. Par sécurité, les retraits sont suspendus un moment. Si ce n'était pas vous, contactez le service client maintenant.",
    ],
    'fund_password.set': [
      'Mot de passe des fonds défini',
      'Vous avez défini un mot de passe des fonds. Il vous sera demandé pour retirer.',
    ],
    'fund_password.changed': [
      'Mot de passe des fonds modifié',
      "Votre mot de passe des fonds a été modifié. Par sécurité, les retraits sont suspendus un moment. Si ce n'était pas vous, contactez le service client maintenant.",
    ],
    'fund_password.reset': [
      'Mot de passe des fonds réinitialisé',
      "Votre mot de passe des fonds a été réinitialisé avec un code de vérification. Par sécurité, les retraits sont suspendus un moment. Si ce n'était pas vous, contactez le service client maintenant.",
    ],
    'chat.reply': ['Nouvelle réponse du service client', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': "la photo du document n'est pas lisible",
    'kyc.document_expired': 'le document a expiré',
    'kyc.document_not_accepted': "ce document n'est pas accepté",
    'kyc.details_mismatch': 'les informations ne correspondent pas au document',
    'kyc.selfie_mismatch': 'le selfie ne correspond pas au document',
    'loan.documents_unclear': 'les documents ne sont pas lisibles',
    'loan.identity_mismatch': "l'identité ne correspond pas",
    'loan.affordability': 'le prêt dépasse votre capacité de remboursement',
    'withdrawal.address_risk': "l'adresse est signalée comme risquée",
    'withdrawal.suspicious_activity': 'activité suspecte',
    'withdrawal.identity_check': "une vérification d'identité est nécessaire",
    'withdrawal.user_request': 'à votre demande',
    other: 'autre motif',
  },
  demo: 'compte démo',
  fallback: ['Notification', 'Vous avez une nouvelle notification.'],
};

const IT: Catalogue = {
  kinds: {
    'deposit.seen': [
      'Deposito in arrivo',
      'Il tuo deposito di {amount} {currency} su {chain} è stato rilevato sulla blockchain. Sarà accreditato dopo {confirmations} conferme.',
    ],
    'deposit.credited': [
      'Deposito accreditato',
      'Il tuo deposito di {amount} {currency} su {chain} è stato accreditato sul tuo saldo.',
    ],
    'deposit.below_minimum': [
      'Deposito sotto il minimo',
      'Il tuo deposito di {amount} {currency} su {chain} è inferiore al deposito minimo e non viene accreditato. Contatta il servizio clienti.',
    ],
    'withdrawal.processing': [
      'Prelievo in revisione',
      'Il tuo prelievo di {amount} {currency} è in fase di revisione.',
    ],
    'withdrawal.approved': [
      'Prelievo approvato',
      'Il tuo prelievo di {amount} {currency} è stato approvato e sarà inviato a breve.',
    ],
    'withdrawal.broadcast': [
      'Prelievo inviato',
      'Il tuo prelievo di {amount} {currency} è stato inviato alla rete ed è in attesa di conferme.[[ Transazione: {txHash}]]',
    ],
    'withdrawal.completed': [
      'Prelievo completato',
      "Il tuo prelievo di {amount} {currency} è completato: {receive} {currency} sono arrivati all'indirizzo.[[ Transazione: {txHash}]]",
    ],
    'withdrawal.rejected': [
      'Prelievo rifiutato',
      "Il tuo prelievo di {amount} {currency} è stato rifiutato: {reason}.[[ Nota: {note}.]] L'importo è tornato nel tuo saldo.",
    ],
    'withdrawal.failed': [
      'Prelievo non riuscito',
      "Non è stato possibile inviare il tuo prelievo di {amount} {currency}. L'importo è tornato nel tuo saldo.",
    ],
    'withdrawal.cancelled': [
      'Prelievo annullato',
      "Il tuo prelievo di {amount} {currency} è stato annullato. L'importo è tornato nel tuo saldo.",
    ],
    'withdraw_address.added': [
      'Nuovo indirizzo di prelievo',
      'Un indirizzo {currency} su {chain} è stato aggiunto alla tua rubrica: {address}. Si potrà usare dal {usableFrom}. Se non sei stato tu, blocca subito i prelievi.',
    ],
    'withdraw_address.confirmed': [
      'Indirizzo di prelievo confermato',
      "L'indirizzo {currency} {address} su {chain} è confermato e si può usare da subito.",
    ],
    'kyc.verified': ['Identità verificata', 'La tua verifica di identità è stata approvata.'],
    'kyc.rejected': [
      'Verifica di identità non approvata',
      'La tua verifica di identità non è stata approvata: {reason}.[[ Nota: {note}.]] Puoi correggere i dati e inviarli di nuovo.',
    ],
    'loan.approved': [
      'Prestito approvato',
      'Il tuo prestito di {amount} {currency} è stato approvato e versato sul tuo saldo.',
    ],
    'loan.rejected': [
      'Prestito non approvato',
      'La tua richiesta di prestito non è stata approvata: {reason}.[[ Nota: {note}.]]',
    ],
    'loan.due_soon': [
      'Prestito in scadenza',
      'Il tuo prestito di {amount} {currency} scade il {dueAt}. Da rimborsare ora: {toPay} {currency}.',
    ],
    'loan.overdue': [
      'Prestito scaduto',
      'Il tuo prestito di {amount} {currency} è scaduto il {dueAt}. Ora si applicano interessi di mora. Da rimborsare ora: {toPay} {currency}.',
    ],
    'financing.matured': [
      'Investimento giunto a scadenza',
      '{product} è giunto a scadenza: {principal} {currency} di capitale e {interest} {currency} di interessi sono stati versati sul tuo conto investimenti.[[ ({demo})]]',
    ],
    'login.new_device': [
      'Accesso da un nuovo dispositivo',
      'È stato effettuato un accesso al tuo account da un nuovo dispositivo: {device}, IP {ip}, il {at}. Se non sei stato tu, cambia subito la password.',
    ],
    'password.changed': [
      'Password di accesso modificata',
      'La tua password di accesso è stata modificata e le altre sessioni sono state disconnesse. Per sicurezza i prelievi sono sospesi per un po’. Se non sei stato tu, contatta subito il servizio clienti.',
    ],
    'password.reset': [
      'Password di accesso reimpostata',
      'La tua password di accesso è stata reimpostata con un codice di verifica e tutte le sessioni sono state disconnesse. Per sicurezza i prelievi sono sospesi per un po’. Se non sei stato tu, contatta subito il servizio clienti.',
    ],
    'fund_password.set': [
      'Password dei fondi impostata',
      'Hai impostato una password dei fondi. Ti servirà per prelevare.',
    ],
    'fund_password.changed': [
      'Password dei fondi modificata',
      'La tua password dei fondi è stata modificata. Per sicurezza i prelievi sono sospesi per un po’. Se non sei stato tu, contatta subito il servizio clienti.',
    ],
    'fund_password.reset': [
      'Password dei fondi reimpostata',
      'La tua password dei fondi è stata reimpostata con un codice di verifica. Per sicurezza i prelievi sono sospesi per un po’. Se non sei stato tu, contatta subito il servizio clienti.',
    ],
    'chat.reply': ['Nuova risposta dal servizio clienti', '{preview}'],
  },
  reasons: {
    'kyc.document_unreadable': 'la foto del documento non è leggibile',
    'kyc.document_expired': 'il documento è scaduto',
    'kyc.document_not_accepted': 'questo documento non è accettato',
    'kyc.details_mismatch': 'i dati non corrispondono al documento',
    'kyc.selfie_mismatch': 'il selfie non corrisponde al documento',
    'loan.documents_unclear': 'i documenti non sono chiari',
    'loan.identity_mismatch': "l'identità non corrisponde",
    'loan.affordability': 'il prestito non è sostenibile per te',
    'withdrawal.address_risk': "l'indirizzo è segnalato come rischioso",
    'withdrawal.suspicious_activity': 'attività sospetta',
    'withdrawal.identity_check': "è necessaria una verifica dell'identità",
    'withdrawal.user_request': 'su tua richiesta',
    other: 'altro motivo',
  },
  demo: 'conto demo',
  fallback: ['Notifica', 'Hai una nuova notifica.'],
};

/** The catalogues (exported for the completeness test). */
export const NOTICE_CATALOGUES: Readonly<Record<HeaderLang, Catalogue>> = {
  en: EN,
  zh: ZH,
  'zh-HK': ZH_HK,
  ja: JA,
  ko: KO,
  de: DE,
  fr: FR,
  it: IT,
};

const isKind = (kind: string): kind is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(kind);
const pad = (n: number) => String(n).padStart(2, '0');

/** A date param as `YYYY-MM-DD HH:mm UTC`; what is not a date is shown as given. */
function formatDate(v: unknown): string {
  const d = typeof v === 'number' || typeof v === 'string' ? new Date(v) : v instanceof Date ? v : null;
  if (!d || Number.isNaN(d.getTime())) return String(v);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** One param as text in `lang`, or '' when it is missing. */
function valueOf(kind: string, name: string, params: NoticeParams, cat: Catalogue, lang: HeaderLang): string {
  if (name === 'demo') return params['mode'] === 'demo' ? cat.demo : '';
  const v = params[name];
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'object' && !Array.isArray(v) && typeof (v as Record<string, unknown>)['en'] === 'string') {
    const texts = v as Record<string, unknown>;
    const own = texts[lang];
    return typeof own === 'string' && own ? own : (texts['en'] as string);
  }
  if (DATE_PARAMS.has(name)) return formatDate(v);
  if (name === 'reason' && typeof v === 'string') {
    const domain = kind.split('.')[0];
    return cat.reasons[`${domain}.${v}`] ?? cat.reasons[v] ?? v;
  }
  if (name === 'chain' && typeof v === 'string' && v in DEPOSIT_CHAINS) {
    const c = DEPOSIT_CHAINS[v as DepositChainId];
    return `${c.name} (${c.protocol})`;
  }
  return typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
      ? String(v)
      : JSON.stringify(v);
}

/** Fills a template: optional parts `[[…]]` go when a param in them is empty; a missing param elsewhere reads "—". */
function fill(template: string, kind: string, params: NoticeParams, cat: Catalogue, lang: HeaderLang): string {
  const withOptional = template.replace(/\[\[(.*?)\]\]/gs, (_, part: string) => {
    const names = [...part.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    return names.every((n) => valueOf(kind, n, params, cat, lang) !== '') ? part : '';
  });
  return withOptional.replace(/\{(\w+)\}/g, (_, name: string) => valueOf(kind, name, params, cat, lang) || '—');
}

/**
 * A notification worded in `lang`: title, body and where it leads. Never throws: an unknown kind
 * (or params that are not an object) gives the language's neutral "you have a new notification".
 */
export function renderNotice(kind: string, params: NoticeParams, lang: HeaderLang): RenderedNotice {
  const cat = NOTICE_CATALOGUES[lang] ?? EN;
  const p: NoticeParams = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
  if (!isKind(kind)) return { title: cat.fallback[0], body: cat.fallback[1], link: null };
  const [title, body] = cat.kinds[kind];
  return { title: fill(title, kind, p, cat, lang), body: fill(body, kind, p, cat, lang), link: NOTICE_LINKS[kind] };
}
