import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/api-client';
import { useFreezeWithdrawals } from '../api/freeze-withdrawals';
import { useWithdrawText } from '../strings';
import '../withdraw.css';

/**
 * The "this wasn't me" link of a new-address notice (`?token=`), opened from a mail client, often on
 * another device: no login. Nothing happens on opening it (mail scanners open links); one button
 * freezes withdrawals, and the page says what that did.
 */
export function WithdrawFreezePage() {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const freeze = useFreezeWithdrawals();

  if (freeze.isSuccess) {
    return (
      <section className="withdraw-empty" data-testid="withdraw-frozen" role="status">
        <h1 className="withdraw-empty__title">{w('frozenDoneTitle')}</h1>
        <p className="withdraw-empty__text">{w('frozenDoneText')}</p>
      </section>
    );
  }
  const failure = freeze.error
    ? freeze.error instanceof ApiError
      ? freeze.error.message
      : t('network.serverError')
    : null;
  return (
    <section className="withdraw-empty" data-testid="withdraw-freeze">
      <h1 className="withdraw-empty__title">{w('freezeTitle')}</h1>
      {token ? (
        <>
          <p className="withdraw-empty__text">{w('freezeText')}</p>
          {failure ? (
            <p className="field__error" role="alert">
              {failure}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={freeze.isPending}
            onClick={() => freeze.mutate({ token })}
          >
            {freeze.isPending ? t('common.processing') : w('freezeButton')}
          </button>
        </>
      ) : (
        <p className="withdraw-empty__text" role="alert">
          {w('freezeLinkMissing')}
        </p>
      )}
    </section>
  );
}
