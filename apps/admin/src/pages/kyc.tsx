import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ADMIN_API,
  KYC_DECISIONS,
  KYC_NOTE_MAX,
  KYC_PHOTO_SLOTS,
  KYC_REJECT_REASONS,
  type KycPhotoSlot,
  type KycQueue,
  type KycRejectReason,
  type KycSubmissionDetail,
} from '@app/contract';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { call, imageUrl, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { KYC_READ_ONLY_NOTE, kycVerifyEffect } from '../kyc-forms';
import { reviews } from '../roles';
import { byNumber, byText, PagedTable, sortOnPage, type Column } from '../ui/data-table';
import { ErrorAlert, Field } from '../ui/form';
import { PageLayout } from '../ui/page';

type KycQueueItem = KycQueue['items'][number];
type KycDecision = KycQueueItem['decision'];

const PAGE_SIZE = 20;
const DOCUMENT_TYPES: Record<string, string> = {
  id_card: 'ID card',
  passport: 'Passport',
  driving_licence: 'Driving licence',
};
const REASONS: Record<KycRejectReason, string> = {
  document_unreadable: 'The document photo is not readable',
  document_expired: 'The document has expired',
  document_not_accepted: 'This document is not accepted',
  details_mismatch: 'The details do not match the document',
  selfie_mismatch: 'The selfie does not match the document',
  other: 'Other',
};
const PHOTO_LABELS: Record<KycPhotoSlot, string> = { front: 'Front', back: 'Back', selfie: 'Selfie with the document' };

const DECISION_LABELS: Record<KycDecision, string> = {
  pending: 'Awaiting review',
  verified: 'Verified',
  rejected: 'Rejected',
};
const CAPTIONS: Record<KycDecision, string> = {
  pending: 'Submissions awaiting review, oldest first',
  verified: 'Verified submissions, newest first',
  rejected: 'Rejected submissions, newest first',
};
const EMPTY: Record<KycDecision, string> = {
  pending: 'Nothing awaits review.',
  verified: 'No submission was verified yet.',
  rejected: 'No submission was rejected yet.',
};
const sameOf = (s: KycQueueItem) =>
  s.sameIdNumber > 0 ? `${s.sameIdNumber} other account${s.sameIdNumber > 1 ? 's' : ''}` : 'none';

/**
 * The submissions awaiting review, oldest first, or the decided ones, newest first: compliance
 * reviews them (each name opens its submission); an admin reads the list, told who reviews.
 */
export function KycQueuePage() {
  const { operator } = useAuth();
  const reviewer = operator !== null && reviews(operator.role, 'kyc');
  const [decision, setDecision] = useState<KycDecision>('pending');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const list = useQuery({
    queryKey: ['kyc', 'queue', decision, page, size],
    queryFn: () =>
      call<KycQueue>(
        `${ADMIN_API.kyc.queue}${queryString({ decision: decision === 'pending' ? undefined : decision, page, size })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const columns: Column<KycQueueItem>[] = [
    {
      title: 'Submitted',
      className: 'nowrap',
      render: (_, s) => formatTime(s.submittedAt),
      ...sortOnPage(byNumber((s) => s.submittedAt)),
      csv: (s) => new Date(s.submittedAt).toISOString(),
    },
    { title: 'UID', dataIndex: 'uid', className: 'mono', csv: (s) => s.uid },
    {
      title: 'Name',
      render: (_, s) => (reviewer ? <Link to={`/kyc/${s.id}`}>{s.realName}</Link> : s.realName),
      ...sortOnPage(byText((s) => s.realName)),
      csv: (s) => s.realName,
    },
    {
      title: 'Nationality',
      dataIndex: 'nationality',
      ...sortOnPage(byText((s) => s.nationality)),
      csv: (s) => s.nationality,
    },
    {
      title: 'Document',
      render: (_, s) => DOCUMENT_TYPES[s.documentType] ?? s.documentType,
      csv: (s) => DOCUMENT_TYPES[s.documentType] ?? s.documentType,
    },
    {
      title: 'Same ID number',
      render: (_, s) => (s.sameIdNumber > 0 ? <Tag>{sameOf(s)}</Tag> : 'none'),
      ...sortOnPage(byNumber((s) => s.sameIdNumber)),
      csv: sameOf,
    },
    {
      // The server filters by decision (KycQueueQuery): pending oldest first, decided newest first.
      title: 'Decision',
      key: 'decision',
      render: (_, s) => DECISION_LABELS[s.decision],
      csv: (s) => DECISION_LABELS[s.decision],
      filters: KYC_DECISIONS.map((d) => ({ value: d, text: DECISION_LABELS[d] })),
      filterMultiple: false,
      filteredValue: [decision],
    },
  ];
  return (
    <PageLayout title="KYC queue">
      {!reviewer && <Alert className="spaced" type="info" role="note" title={KYC_READ_ONLY_NOTE} />}
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(s) => s.id}
        caption={CAPTIONS[decision]}
        empty={EMPTY[decision]}
        exportName="kyc submissions"
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
        onServerFilter={(_key, values) => {
          setDecision(KYC_DECISIONS.find((d) => d === values?.[0]) ?? 'pending');
          setPage(1);
        }}
      />
    </PageLayout>
  );
}

/** One submission beside its photos; verify, or reject with a reason (compliance). Opening it is recorded. */
export function KycReviewPage() {
  const id = Number(useParams().id);
  const detail = useQuery({
    queryKey: ['kyc', 'detail', id],
    queryFn: () => call<KycSubmissionDetail>(`${ADMIN_API.kyc.detail}${queryString({ id })}`),
    enabled: Number.isSafeInteger(id) && id > 0,
    // Every read is audited: read once per visit.
    staleTime: Infinity,
  });
  const back = { to: '/kyc', label: 'KYC queue' };
  if (detail.isError)
    return (
      <PageLayout title="Submission" back={back}>
        <Alert type="error" role="alert" title={detail.error.message} />
      </PageLayout>
    );
  if (!detail.data)
    return (
      <PageLayout title="Submission" back={back}>
        <p role="status">Loading…</p>
      </PageLayout>
    );
  const s = detail.data;
  const rows: Array<[string, string]> = [
    ['UID', s.uid],
    ['Real name', s.realName],
    ['Nationality', s.nationality],
    ['Document', DOCUMENT_TYPES[s.documentType] ?? s.documentType],
    ['ID number', s.idNumber],
    ['Submitted', formatTime(s.submittedAt)],
    ['Decision', s.decision],
  ];
  return (
    <PageLayout title={`Submission ${s.id}`} back={back}>
      <div className="review">
        <Card title={<h2 className="card-title">Details</h2>}>
          <Descriptions
            className="details-list"
            column={1}
            size="small"
            items={rows.map(([k, v]) => ({
              key: k,
              label: k,
              children: <span className={k === 'ID number' || k === 'UID' ? 'mono' : undefined}>{v}</span>,
            }))}
          />
          {s.sameIdNumber.length > 0 && (
            <Alert
              className="spaced"
              type="warning"
              role="note"
              title={
                <>
                  The same ID number was given by {s.sameIdNumber.length} other account(s):{' '}
                  <span className="mono">{s.sameIdNumber.join(', ')}</span>
                </>
              }
            />
          )}
          {s.earlier.length > 0 && (
            <>
              <h2>Earlier submissions</h2>
              <ul>
                {s.earlier.map((e) => (
                  <li key={e.id}>
                    {formatTime(e.submittedAt)}: {e.decision}
                    {e.rejectReason ? ` (${REASONS[e.rejectReason]})` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
          {s.decision === 'pending' ? (
            <Decide submission={s} />
          ) : (
            <p>
              Decided {s.decidedAt === null ? '' : formatTime(s.decidedAt)}: <strong>{s.decision}</strong>
              {s.rejection ? ` (${REASONS[s.rejection.reason]}${s.rejection.note ? `: ${s.rejection.note}` : ''})` : ''}
            </p>
          )}
        </Card>
        <div className="photos">
          {KYC_PHOTO_SLOTS.map((slot) => (
            <Photo key={slot} label={PHOTO_LABELS[slot]} path={s.photos[slot]} />
          ))}
        </div>
      </div>
    </PageLayout>
  );
}

/** A photo, loaded with the session's token (each view is recorded), enlarged and back by a click. */
export function Photo({ label, path }: { label: string; path: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    imageUrl(path).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return (
    <figure className={`photo${zoomed ? ' photo--zoomed' : ''}`}>
      <figcaption>{label}</figcaption>
      <ErrorAlert text={error} />
      {url ? (
        <button
          type="button"
          className="photo__button"
          aria-pressed={zoomed}
          aria-label={`${label}: ${zoomed ? 'show smaller' : 'enlarge'}`}
          onClick={() => setZoomed(!zoomed)}
        >
          <img src={url} alt={label} />
        </button>
      ) : (
        !error && <p role="status">Loading…</p>
      )}
    </figure>
  );
}

/** Verify (after a confirm step saying what it does), or reject with a reason and an optional note. */
function Decide({ submission }: { submission: KycSubmissionDetail }) {
  const id = submission.id;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState<KycRejectReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (verified: boolean) =>
      call<KycSubmissionDetail>(
        ADMIN_API.kyc.decide,
        verified ? { id, verified } : { id, verified, reason, ...(note.trim() ? { note: note.trim() } : {}) },
      ),
    onSuccess: (next) => {
      queryClient.setQueryData(['kyc', 'detail', id], next);
      void queryClient.invalidateQueries({ queryKey: ['kyc', 'queue'] });
    },
  });
  const reject = () => {
    if (!reason) return setProblem('Choose a reason to reject.');
    setProblem(null);
    decide.mutate(false);
  };
  return (
    <div className="decide">
      <Typography.Title level={2}>Decision</Typography.Title>
      <ErrorAlert text={decide.isError ? decide.error.message : null} />
      {confirming ? (
        <div className="confirm">
          <p>{kycVerifyEffect(submission)}</p>
          <Space wrap>
            <Button type="primary" loading={decide.isPending} onClick={() => decide.mutate(true)}>
              Confirm: verify {submission.realName}
            </Button>
            <Button disabled={decide.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Space>
        </div>
      ) : (
        <Button type="primary" className="decide__verify" onClick={() => setConfirming(true)}>
          Verify
        </Button>
      )}
      <Form layout="vertical" onFinish={reject} aria-label="Reject">
        <Field id="kyc-reason" label="Reason">
          {(p) => (
            <Select
              {...p}
              aria-invalid={problem ? true : undefined}
              status={problem ? 'error' : undefined}
              value={reason || undefined}
              placeholder="Choose a reason"
              onChange={(v: KycRejectReason) => setReason(v)}
              options={KYC_REJECT_REASONS.map((r) => ({ value: r, label: REASONS[r] }))}
            />
          )}
        </Field>
        <Form.Item label="Note to the user (optional)" htmlFor="kyc-note">
          <Input id="kyc-note" value={note} maxLength={KYC_NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
        </Form.Item>
        <ErrorAlert text={problem} />
        <Button danger type="primary" htmlType="submit" disabled={decide.isPending}>
          Reject
        </Button>
      </Form>
    </div>
  );
}
