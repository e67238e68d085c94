import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TradeDetailContent, useTradeDetail } from '../../../features/trade/detail';
import '../../../components/confirm-modal.css';
import '../../../features/trade/strings';

/**
 * One order over the dashboard: the desktop counterpart of /pages/trade-detail/index
 * (?kind=contract|spot&id=…, which opens the trade route keeping its query). What the phone's
 * detail page shows: for a contract, its stake, payout and the recorded ticks that opened and
 * closed it, with their source; for a spot order, its prices, fill and fee. The dashboard behind it
 * switches to the order's instrument. Closing goes back where the user came from (the row they
 * chose, on the instrument they had), or drops the order from the address when they opened it
 * directly. A modal `<dialog>`: the focus stays inside, Escape closes.
 */
export function TradeDetailDialog() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const detail = useTradeDetail();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const symbol =
    detail.state === 'contract' ? detail.contract.symbol : detail.state === 'spot' ? detail.order.symbol : null;
  useEffect(() => {
    if (symbol && params.get('symbol') !== symbol) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('symbol', symbol);
          return next;
        },
        { replace: true },
      );
    }
  }, [symbol, params, setParams]);

  const close = () => {
    const state = window.history.state as { idx?: number } | null;
    if ((state?.idx ?? 0) > 0) {
      navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('kind');
        next.delete('id');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-modal dash-detail"
      aria-label={t('routes.tradeDetail')}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <TradeDetailContent detail={detail} cancellable={false} />
      <div className="confirm-modal__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          {t('orders.contract.dismiss')}
        </button>
      </div>
    </dialog>
  );
}
