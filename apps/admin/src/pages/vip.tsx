import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { ADMIN_API, VIP_LEVEL_MAX, type AdminVipTiers, type VipTier, type VipTiersSave } from '@app/contract';
import { call } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { WholeTable, type Column } from '../ui/data-table';
import { ErrorAlert, Field, FormModal, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout } from '../ui/page';
import {
  TIER_FIELDS,
  TIER_LABELS,
  bpsText,
  ladderBody,
  ladderHasProblems,
  ladderProblems,
  nextTierDraft,
  tierDraft,
  usdtText,
  type TierDraft,
} from '../vip-forms';

const KEY = ['vip', 'tiers'];

const COLUMNS: Column<VipTier>[] = [
  { title: 'Tier', render: (_, t) => `VIP ${t.level}`, csv: (t) => `VIP ${t.level}` },
  {
    title: '30-day volume from (USDT)',
    className: 'mono nowrap',
    render: (_, t) => usdtText(t.minVolumeUsdt),
    csv: (t) => t.minVolumeUsdt,
  },
  {
    title: 'or balance from (USDT)',
    className: 'mono nowrap',
    render: (_, t) => usdtText(t.minBalanceUsdt),
    csv: (t) => t.minBalanceUsdt,
  },
  {
    title: 'Withdrawal fee',
    render: (_, t) => `−${bpsText(t.withdrawFeeDiscountBps, 'percent')} %`,
    csv: (t) => `-${bpsText(t.withdrawFeeDiscountBps, 'percent')}%`,
  },
  {
    title: 'OTC spread',
    render: (_, t) => `−${bpsText(t.otcSpreadDiscountBps, 'percent')} %`,
    csv: (t) => `-${bpsText(t.otcSpreadDiscountBps, 'percent')}%`,
  },
  {
    title: 'Withdrawal limits',
    render: (_, t) => `× ${bpsText(t.withdrawLimitBps, 'times')}`,
    csv: (t) => `x${bpsText(t.withdrawLimitBps, 'times')}`,
  },
];

/**
 * VIP tiers (issue 34; docs/vip.md): finance reads them, an admin changes the whole ladder. A change
 * lowers or raises what customers pay from their next quote on, as a withdrawal fee change does; it
 * is written to the audit log with the ladder before and after.
 */
export function VipPage() {
  const { operator } = useAuth();
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const tiers = useQuery({ queryKey: KEY, queryFn: () => call<AdminVipTiers>(ADMIN_API.vip.tiers) });
  const admin = operator?.role === 'admin';
  const list = { ...tiers, data: tiers.data?.tiers };
  return (
    <PageLayout title="VIP tiers">
      <p>
        A customer reaches a tier with at least its 30-day trading volume (OTC, filled spot orders, seconds-contract
        stakes) or at least its balance, both on the real account and in USDT. A tier lowers the withdrawal fee and the
        OTC spread by a share of the standard ones and multiplies the withdrawal limits. A change applies to the next
        quote; a quote already given keeps its fee and rates.{' '}
        {admin ? 'Each tier must ask for more than the one below and give no less.' : 'Only an admin can change them.'}
      </p>
      {tiers.data && (
        <p className="muted">
          {tiers.data.updatedAt
            ? `Changed ${formatTime(tiers.data.updatedAt)} by ${tiers.data.updatedBy ?? 'an operator'}.`
            : 'The tiers the product started with; not changed yet.'}
        </p>
      )}
      <OutcomeNotice outcome={outcome} />
      {admin && (
        <p>
          <Button
            type="primary"
            onClick={() => {
              setOutcome(null);
              setEditing(true);
            }}
            disabled={!tiers.data}
          >
            Change the tiers
          </Button>
        </p>
      )}
      <WholeTable
        query={list}
        columns={COLUMNS}
        rowKey={(t) => t.level}
        caption="VIP tiers: what reaches each and what it gives"
        empty="No VIP tier: every customer pays the standard fees."
        exportName="vip tiers"
      />
      <FormModal title="Change the VIP tiers" open={editing} onClose={() => setEditing(false)} width={1080}>
        {editing && tiers.data && (
          <LadderForm tiers={tiers.data.tiers} onClose={() => setEditing(false)} onOutcome={setOutcome} />
        )}
      </FormModal>
    </PageLayout>
  );
}

function LadderForm({
  tiers,
  onClose,
  onOutcome,
}: {
  tiers: VipTier[];
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<TierDraft[]>(() => tiers.map(tierDraft));
  const [sent, setSent] = useState(false);
  const save = useMutation({
    mutationFn: (body: VipTiersSave) => call<AdminVipTiers>(ADMIN_API.vip.save, body),
    onSuccess: (next) => {
      queryClient.setQueryData(KEY, next);
      onOutcome({ ok: true, text: `VIP tiers saved: ${next.tiers.length} tiers, applied from the next quote.` });
      onClose();
    },
  });
  const problems = sent ? ladderProblems(drafts) : [];
  const set = (i: number, field: keyof TierDraft, value: string) =>
    setDrafts(drafts.map((d, j) => (j === i ? { ...d, [field]: value } : d)));
  const submit = () => {
    setSent(true);
    if (ladderHasProblems(drafts)) return;
    save.mutate(ladderBody(drafts));
  };
  return (
    <Form layout="vertical" onFinish={submit} aria-label="Change the VIP tiers">
      {drafts.map((d, i) => (
        <fieldset key={i} className="rules-editor" aria-label={`VIP ${i + 1}`}>
          <legend>VIP {i + 1}</legend>
          <div className="vip-tier__fields">
            {TIER_FIELDS.map((f) => (
              <Field key={f} id={`vip-${i + 1}-${f}`} label={TIER_LABELS[f]} problem={problems[i]?.[f]}>
                {(p) => (
                  <Input
                    {...p}
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={20}
                    value={d[f]}
                    onChange={(e) => set(i, f, e.target.value)}
                  />
                )}
              </Field>
            ))}
          </div>
          {i === drafts.length - 1 && (
            <Button onClick={() => setDrafts(drafts.slice(0, -1))} aria-label={`Remove VIP ${i + 1}`}>
              Remove VIP {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {drafts.length < VIP_LEVEL_MAX && (
        <p>
          <Button onClick={() => setDrafts([...drafts, nextTierDraft(drafts.at(-1))])}>
            Add VIP {drafts.length + 1}
          </Button>
        </p>
      )}
      <ErrorAlert text={save.isError ? `The server refused the change: ${save.error.message}` : null} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save the tiers'}
        </Button>
        <Button disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
