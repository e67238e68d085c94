import type { FinancingSubscription, RedeemResult } from '@app/contract';
import type { ModalQuestion } from '../../../components/confirm-modal';
import { toastSuccess } from '../../../lib/feedback/toast';
import { usePreviewRedeem, useRedeemSubscription } from '../api/redeem-subscription';
import { useFinancingText } from '../strings';
import { useAmountOf, useInterestOf } from './product-facts';

/** What redeeming now pays, as the server's preview says: principal, interest kept, interest given up. */
function RedeemPreview({ preview: p }: { preview: RedeemResult }) {
  const f = useFinancingText();
  const of = useAmountOf();
  const interestOf = useInterestOf();
  const coin = p.subscription.currency;
  const rows: Array<[string, string, string]> = [
    [f('principal'), of(p.principal, coin), 'principal'],
    [f('interestKept'), interestOf(p.interest, coin), 'interest'],
    [f('forfeited'), interestOf(p.forfeited, coin), 'forfeited'],
  ];
  return (
    <>
      <dl className="financing-facts" data-testid="redeem-preview">
        {rows.map(([label, value, id]) => (
          <div key={id} data-testid={`redeem-${id}`}>
            <dt>{label}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="financing-note">{f(`early.${p.subscription.earlyRedemption}`)}</p>
    </>
  );
}

/**
 * "Redeem early" on a subscription whose product allows it: asks the server what redeeming now
 * pays (nothing moves), shows it, and redeems only when the user confirms that.
 */
export function RedeemButton({
  subscription: s,
  ask,
}: {
  subscription: FinancingSubscription;
  ask: (question: ModalQuestion) => Promise<boolean>;
}) {
  const f = useFinancingText();
  const preview = usePreviewRedeem();
  const redeem = useRedeemSubscription();
  const onClick = async () => {
    const shown = await preview.mutateAsync(s.id).catch(() => null);
    if (!shown) return;
    const agreed = await ask({
      title: f('redeemTitle'),
      content: <RedeemPreview preview={shown} />,
      confirmText: f('redeemConfirm'),
      cancelText: f('keepIt'),
    });
    if (agreed) redeem.mutate(s.id, { onSuccess: () => toastSuccess(f('redeemed')) });
  };
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={preview.isPending || redeem.isPending}
      aria-label={f('redeemLabel', { name: s.productName })}
      onClick={() => void onClick()}
    >
      {f('redeem')}
    </button>
  );
}
