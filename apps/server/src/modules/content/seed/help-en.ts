import type { HelpSeedTexts } from './help';

export const helpEn: HelpSeedTexts = {
  'registration.register': [
    'How do I create an account?',
    'Tap Register and enter your e-mail address or phone number. We send a 4-digit code, valid for 10 minutes. Enter it, choose a password of at least 6 characters and, if someone invited you, their invitation code.\nYour account starts with a real account and a demo account. By registering you accept the current user agreement and privacy policy; Profile shows which versions you accepted and when.',
  ],
  'registration.passwords': [
    'Login password and fund password',
    'The login password signs you in. Changing it signs out every device, including the one you use, which gets a new session at once.\nThe fund password is separate: you set it once in Security, and it is asked for when you save a withdrawal address and when you withdraw. If you forget it, reset it with a code sent to your own e-mail or phone.\nAfter you change your login password, fund password or contact details, withdrawals pause for 24 hours, so that someone who took over your account cannot empty it.',
  ],
  'deposits.deposit': [
    'How do I deposit crypto?',
    'Open Assets, tap Deposit, choose the coin and the network. You get your own deposit address and its QR code.\nSupported: USDT on Ethereum (ERC20) and Tron (TRC20), USDC on Ethereum, ETH and BTC. Send only that coin on that network to the address: coins sent on another network cannot be credited.\nA deposit is credited after enough blocks confirm it: 12 on Ethereum, 20 on Tron, 2 on Bitcoin. You get a notification when it is seen and when it is credited.',
  ],
  'deposits.minimums': [
    'Minimum deposits and deposit records',
    'The smallest amounts credited are 20 USDT or USDC, 0.01 ETH and 0.0005 BTC. A smaller deposit is recorded and shown with the reason, but not credited.\nThe deposit history lists every deposit with its network, amount, confirmations and state. We charge no deposit fee; the network fee is paid by the sending wallet.',
  ],
  'withdrawals.withdraw': [
    'How do I withdraw?',
    'First set a fund password. Then save the address in the address book with your fund password. A new address can be used 24 hours after it is saved, or at once if you confirm it with a code sent to your e-mail or phone.\nOn the Withdraw page choose the coin, the network, the address and the amount. You see the fee and the amount the address will receive before you confirm with your fund password. Withdrawals are possible from the real account only.',
  ],
  'withdrawals.limits': [
    'Limits, review and cancelling',
    'Each coin and network has a minimum and maximum per withdrawal and a daily limit over the last 24 hours; the form shows them and what is left today.\nSome withdrawals are checked by our staff before they are sent. While a withdrawal is still processing you can cancel it and the amount returns to your balance. Once sent, the history shows the transaction hash and its confirmations.\nWe never ask you to pay a tax, an unlock fee or to take a loan before you can withdraw.',
  ],
  'contracts.what': [
    'What is a seconds contract?',
    'A seconds contract is a bet on the direction of a price over a fixed time: 30 seconds, 60 seconds, 2, 5, 10 or 30 minutes, or 1 hour. You choose Up or Down and a stake, paid from your option account.\nWhen the time ends, the last price at or before the expiry is compared with the opening price. If you were right you get your stake back plus the payout rate shown (80 % to 90 % of the stake, depending on the duration). If you were wrong you lose the whole stake. If the price is unchanged the stake is refunded.\nThere is no fee; the house pays winning contracts and keeps losing stakes.',
  ],
  'contracts.risk': [
    'The risk of seconds contracts',
    'Most retail traders of seconds contracts lose money. Price moves over seconds or minutes are close to random, and because a win pays less than the stake you risk, you must win more often than you lose just to break even: at an 85 % payout you need to be right about 54 % of the time. The trade panel shows this break-even rate.\nA contract is not an investment: it has no value after it expires. Only stake money you can afford to lose, set yourself a limit, and practise with the demo account first.',
  ],
  'demo.what': [
    'What is the demo account?',
    'The demo account lets you try the app with play money: 100,000 demo USDT, the same live prices and the same contracts, spot and conversions as the real account.\nDemo money has no value and can never be withdrawn or moved to the real account. You can reset the demo balances to their starting amounts at any time.',
  ],
  'demo.switch': [
    'Switching between demo and real',
    'Use the Real / Demo switch to change accounts. The app shows which account you are using; each order is placed in that account only, so a demo trade never touches your real money.\nDemo results do not predict real results: without real money at stake, people trade differently.',
  ],
  'kyc.stages': [
    'Identity verification (KYC)',
    'Verification has two stages. Stage 1: choose your nationality and document type, and enter your real name and ID number. Stage 2: upload photos of the front and back of the document and a selfie holding it.\nOur staff review stage 2 and decide: verified, or rejected with a reason. You get a notification either way. Your photos are private: only you and the reviewing staff can see them.',
  ],
  'kyc.review': [
    'Why verify, and what if I am rejected?',
    'Loans are only available to verified users. If your verification is rejected, the reason is shown (for example a blurred photo or a name that does not match); correct it and submit stage 2 again.\nOnce verified, your details can only be changed through customer service.',
  ],
  'loans.apply': [
    'How do loans work?',
    "Verified users can apply for a USDT loan from the real account. Choose a product, an amount within its range, upload at least 3 photos of your documents and accept the product's rules, which state the daily interest and the late rate.\nOur staff review each application. If approved, the amount is paid into your currency account; if rejected, you see the reason. One application can wait for review at a time.",
  ],
  'loans.repay': [
    'Interest and repayment',
    "Interest is charged per UTC day on the amount still owed, from the day the loan is paid to you. You may repay all or part at any time from your currency account; a part payment pays the interest first.\nAfter the due date the loan is overdue and the product's higher late rate applies until you repay. Nothing is ever taken from your accounts automatically, and a loan is never needed to withdraw or to trade.",
  ],
  'financing.what': [
    'What is financing?',
    'Financing puts an amount of a coin away for a fixed number of days at a stated yearly rate. Move the coin to your financing account, choose a product and a duration, and confirm the estimate.\nAt maturity the amount and its interest return to your financing account. Whether you can end a subscription early depends on the product: not at all, with the interest forfeited, or keeping the interest of the whole days earned. The product page says which, before you subscribe.',
  ],
  'financing.interest': [
    'How financing interest is calculated',
    "Interest = amount × yearly rate × days ÷ 365, rounded up to the coin's smallest unit. It starts at the next 00:00 UTC after you subscribe, and maturity is that many whole days later.\nThe estimate shows the interest, the start and the maturity date before you confirm, and that is exactly what is paid.",
  ],
  'fees.list': [
    'What fees are there?',
    'Deposits: no fee from us.\nWithdrawals: a fee per coin and network, shown before you confirm (by default 5 USDT on ERC20, 1 USDT on TRC20, 0.003 ETH, 0.0002 BTC). New users pay no withdrawal fee for their first 3 calendar months.\nConversions (buy, sell, flash) and spot trades: a fee of 0.1 % of the value, and conversions use a rate slightly above or below the market price; both are shown before you confirm.\nSeconds contracts: no fee, but a win pays less than the stake risked. Transfers between your own accounts are free. Loans cost only their stated interest.',
  ],
  'fees.never': [
    'Payments we never ask for',
    'To withdraw your money we never ask for a tax, a deposit, an "unlock" or "verification" fee, or a loan. Our staff never ask for your passwords or codes.\nIf someone asks you for any of these, it is not us: do not pay, and contact customer service.',
  ],
};
