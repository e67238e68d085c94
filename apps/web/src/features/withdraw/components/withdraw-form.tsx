import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { RechargeType, Withdrawal, WithdrawFeeInfo } from '@app/contract';
import { ChoiceChips } from '../../../components/choice-chips';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { formatDateTime, formatExact } from '../../../lib/format';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { PATHS } from '../../../lib/routing/paths';
import { useWithdrawForm, type WithdrawFormState } from '../hooks/use-withdraw-form';
import { networkLabel } from '../model/address-book';
import { addressLabel, feeView, plainDecimal, withdrawBlock, type WithdrawBlock } from '../model/withdraw-form';
import { useWithdrawText } from '../strings';
import { ConfirmWithdrawDialog } from './confirm-withdraw-dialog';
import { FundPasswordGate } from './fund-password-gate';

const createPath = (coin: string, chain: string) =>
  `${PATHS.createAddress}?${new URLSearchParams({ currency: coin, chain }).toString()}`;

/**
 * Why there is no form for this coin and network now (honest, no form): not available (the server's
 * reason, and since when), frozen, paused, or no fund password.
 */
function BlockNotice({ block, info }: { block: WithdrawBlock; info: WithdrawFeeInfo }) {
  const w = useWithdrawText();
  if (block.kind === 'noFundPassword')
    return <FundPasswordGate hasFundPassword={false} text={w('noFundWithdrawText')} />;
  const network = networkLabel(info);
  const [title, text] =
    block.kind === 'unavailable'
      ? [
          w('unavailableTitle'),
          [
            block.reason
              ? w(`unavailableReasons.${block.reason}`, { coin: info.currency, network: info.chainName })
              : w('unavailableText', { coin: info.currency, network }),
            block.since !== null ? w('unavailableSince', { time: formatDateTime(block.since) }) : null,
          ]
            .filter(Boolean)
            .join(' '),
        ]
      : block.kind === 'frozen'
        ? [w('frozenTitle'), w('frozenText')]
        : [
            w('lockedTitle'),
            w('lockedText', {
              time: formatDateTime(block.until),
              reason: w(`lockReasons.${block.reason ?? 'password'}`),
            }),
          ];
  return (
    <section
      className="withdraw-gate"
      data-testid="withdraw-blocked"
      data-kind={block.kind}
      data-reason={block.kind === 'unavailable' ? (block.reason ?? undefined) : undefined}
      aria-labelledby="withdraw-blocked-title"
    >
      <h2 id="withdraw-blocked-title" className="section-title">
        {title}
      </h2>
      <p>{text}</p>
    </section>
  );
}

/** The fee as it reads: "1 USDT", a VIP tier's "0.5 USDT (VIP 2; standard fee 1 USDT)", or while waived "0 USDT (free for new users until …; standard fee 1 USDT)". */
export function FeeText({ info }: { info: WithdrawFeeInfo }) {
  const w = useWithdrawText();
  const fee = feeView(info);
  const coin = info.currency;
  if (!fee.waived) {
    // A VIP tier's lower fee says so, beside the standard fee (docs/vip.md).
    if (info.vipLevel > 0 && info.fee !== info.standardFee)
      return (
        <>
          {w('feeVip', {
            fee: formatExact(fee.fee),
            coin,
            level: info.vipLevel,
            standard: formatExact(plainDecimal(info.standardFee)),
          })}
        </>
      );
    return <>{w('amountOf', { amount: formatExact(fee.fee), coin })}</>;
  }
  const standard = formatExact(fee.standardFee);
  return (
    <>
      {fee.until !== null
        ? w('feeWaived', { fee: formatExact(fee.fee), coin, standard, date: formatDateTime(fee.until) })
        : w('feeWaivedNoDate', { fee: formatExact(fee.fee), coin, standard })}
    </>
  );
}

/** Fee, limits, daily limit left and the expected receipt, under the amount. */
function Figures({ info, receive }: { info: WithdrawFeeInfo; receive: string | null }) {
  const w = useWithdrawText();
  const coin = info.currency;
  return (
    <dl className="withdraw-figures" data-testid="withdraw-figures">
      <div>
        <dt>{w('fee')}</dt>
        <dd data-testid="withdraw-fee">
          <FeeText info={info} />
        </dd>
      </div>
      <div>
        <dt>{w('limits')}</dt>
        <dd>{w('limitsValue', { min: formatExact(info.minAmount), max: formatExact(info.maxAmount), coin })}</dd>
      </div>
      <div>
        <dt>{w('dailyLeft')}</dt>
        <dd>
          {w('dailyLeftValue', {
            remaining: formatExact(info.dailyRemaining),
            limit: formatExact(info.dailyLimit),
            coin,
          })}
        </dd>
      </div>
      <div className="withdraw-figures__receive">
        <dt>{w('receive')}</dt>
        <dd data-testid="withdraw-receive" aria-live="polite">
          {receive !== null ? w('amountOf', { amount: formatExact(receive), coin }) : '--'}
        </dd>
      </div>
    </dl>
  );
}

/** The saved address to send to: those usable now on the network, or how to get one. */
function AddressPicker({ form }: { form: WithdrawFormState }) {
  const w = useWithdrawText();
  const { chain, coin, choice } = form;
  if (!chain || !coin) return null;
  if (choice.usable.length > 0) {
    return (
      <SelectField
        label={w('toAddress')}
        value={form.address?.id ?? ''}
        options={choice.usable.map((a) => ({ value: a.id, label: addressLabel(a) }))}
        onChange={form.setAddress}
        error={form.errors.address}
      />
    );
  }
  return (
    <div className="withdraw-no-address" data-testid="withdraw-no-address">
      {choice.nextUsableAt !== null ? (
        <p className="withdraw-note" data-testid="withdraw-held-only">
          {w('heldOnly', { protocol: chain.protocol, time: formatDateTime(choice.nextUsableAt) })}
        </p>
      ) : (
        <p className="withdraw-note">{w('noAddressOnNetwork')}</p>
      )}
      <Link className="link link--strong" to={createPath(coin.symbol, chain.chainType)}>
        {w('addOnNetwork', { protocol: chain.protocol })}
      </Link>
    </div>
  );
}

/** Amount (with "All"), the figures, and "Withdraw"; only once an address can be used. */
function AmountPart({ form, info }: { form: WithdrawFormState; info: WithdrawFeeInfo }) {
  const w = useWithdrawText();
  const coin = info.currency;
  return (
    <>
      <TextField
        label={w('amount')}
        hint={w('amountHint', { amount: formatExact(info.balance), coin })}
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onChange={form.setAmount}
        error={form.errors.amount}
        end={
          <button type="button" className="field__text-button" onClick={form.fillAll}>
            {w('all')}
          </button>
        }
      />
      <Figures info={info} receive={form.receive} />
      {form.errors.form ? (
        <p className="field__error" role="alert">
          {form.errors.form}
        </p>
      ) : null}
      <SubmitButton loading={form.pending}>{w('submit')}</SubmitButton>
    </>
  );
}

/** What follows the network: the reason there is no form, or the address, amount and figures. */
function FormBody({ form }: { form: WithdrawFormState }) {
  const w = useWithdrawText();
  const { fee, feeInfo } = form;
  if (form.demo) {
    return (
      <section
        className="withdraw-gate"
        data-testid="withdraw-blocked"
        data-kind="demo"
        aria-labelledby="withdraw-demo-title"
      >
        <h2 id="withdraw-demo-title" className="section-title">
          {w('unavailableTitle')}
        </h2>
        <p>{catalogMessage('WITHDRAW_REAL_ONLY')}</p>
      </section>
    );
  }
  if (fee.isError) return <PageLoadError onRetry={() => void fee.refetch()} />;
  if (!feeInfo) return <DelayedLoading />;
  const block = withdrawBlock(feeInfo, Date.now());
  if (block) return <BlockNotice block={block} info={feeInfo} />;
  return (
    <>
      <AddressPicker form={form} />
      {form.address ? <AmountPart form={form} info={feeInfo} /> : null}
    </>
  );
}

export interface WithdrawFormProps {
  coins: readonly RechargeType[];
  initial: { currency?: string | null; chain?: string | null };
  onWithdrawn: (withdrawal: Withdrawal) => void;
}

/**
 * Coin, network, saved address and amount; "Withdraw" asks the server for a quote, and the
 * confirmation (summary and fund password) sends it (docs/product.md §2 "Withdraw", §3).
 */
export function WithdrawForm({ coins, initial, onWithdrawn }: WithdrawFormProps) {
  const w = useWithdrawText();
  const form = useWithdrawForm(coins, initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <>
      <form
        ref={form.formRef}
        className="form withdraw-form"
        noValidate
        onSubmit={onSubmit}
        aria-label={w('formLabel')}
      >
        <SelectField
          label={w('coin')}
          value={form.coin?.symbol ?? ''}
          options={coins.map((c) => ({ value: c.symbol, label: `${c.symbol} — ${c.name}` }))}
          onChange={form.setSymbol}
        />
        {form.info.isError ? <PageLoadError onRetry={() => void form.info.refetch()} /> : null}
        {form.info.data && form.chain ? (
          <>
            <ChoiceChips
              legend={w('network')}
              options={form.info.data.chains.map((c) => ({ value: c.chainType, label: c.protocol }))}
              value={form.chain.chainType}
              onChange={form.setChain}
            />
            <FormBody form={form} />
          </>
        ) : null}
        {!form.info.data && !form.info.isError ? <DelayedLoading /> : null}
      </form>
      {form.quote ? (
        <ConfirmWithdrawDialog
          quote={form.quote}
          requote={form.requote}
          onClose={form.closeQuote}
          onConfirmed={(withdrawal) => {
            form.done();
            onWithdrawn(withdrawal);
          }}
        />
      ) : null}
    </>
  );
}
