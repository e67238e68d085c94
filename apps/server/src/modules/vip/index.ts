// The VIP module's face (docs/vip.md): the tiers, each customer's tier from the real account, and the benefits OTC and withdrawals apply.
export {
  VipService,
  type BalanceValuation,
  type TierBenefits,
  type TradingVolumeSource,
} from './service';
export {
  NO_BENEFITS,
  vipOtcRates,
  vipWithdrawFee,
  vipWithdrawLimit,
  type VipBenefitsOf,
} from './benefits';
export { vipRoutes, vipAdminRoutes } from './routes';
