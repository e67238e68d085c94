import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  HEADER_LANGS,
  LEGAL_KINDS,
  type AdminLegalVersion,
  type LegalKind,
  type LegalPublishBody,
} from '@app/contract';
import { call, queryString } from '../api';
import { formatTime } from '../format';
import { TextsEditor, textsBody, textsDraft, textsProblem } from './help';
import { Alert, App, Button, Form, Select, Space } from 'antd';
import { byNumber, sortOnPage, WholeTable, type Column } from '../ui/data-table';
import { ErrorAlert, FormModal, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout } from '../ui/page';

const LIST_KEY = ['content', 'legal'];
const KIND_LABELS: Record<LegalKind, string> = {
  about: 'About us',
  company: 'Website company',
  privacy: 'Privacy policy',
  agreement: 'User agreement',
};

/**
 * Legal and company texts (issue 20; compliance, admin): every version of a kind with how many
 * users accepted it; a change is a new version (published versions never change).
 */
export function LegalPage() {
  const [kind, setKind] = useState<LegalKind>('agreement');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [writing, setWriting] = useState(false);
  const versions = useQuery({
    queryKey: [...LIST_KEY, kind],
    queryFn: () =>
      call<{ items: AdminLegalVersion[] }>(`${ADMIN_API.legal.versions}${queryString({ kind })}`).then((r) => r.items),
  });
  const current = versions.data?.[0];
  const columns: Column<AdminLegalVersion>[] = [
    {
      title: 'Version',
      render: (_, v) => (
        <>
          {v.version}
          {v === current && <div className="muted">current</div>}
        </>
      ),
      ...sortOnPage(byNumber((v) => v.version)),
      csv: (v) => v.version,
    },
    { title: 'Title (English)', render: (_, v) => v.translations.en.title, csv: (v) => v.translations.en.title },
    {
      title: 'Published',
      className: 'nowrap',
      render: (_, v) => formatTime(v.publishedAt),
      csv: (v) => new Date(v.publishedAt).toISOString(),
    },
    { title: 'By', render: (_, v) => v.publishedBy ?? 'seed', csv: (v) => v.publishedBy ?? 'seed' },
    {
      title: 'Languages',
      render: (_, v) => HEADER_LANGS.filter((l) => v.translations[l]).join(', '),
      csv: (v) => HEADER_LANGS.filter((l) => v.translations[l]).join(', '),
    },
    {
      title: 'Accepted by',
      dataIndex: 'acceptances',
      ...sortOnPage(byNumber((v) => v.acceptances)),
      csv: (v) => v.acceptances,
    },
  ];
  const title = `New version of ${KIND_LABELS[kind]}`;
  return (
    <PageLayout title="Legal texts">
      <Alert
        className="spaced"
        type="info"
        role="note"
        title="A published version never changes: publishing makes the next version current. Users keep the version they accepted; the agreement and the privacy policy are accepted at registration."
      />
      <OutcomeNotice outcome={outcome} />
      <Form layout="vertical" className="search">
        <Form.Item label="Text" htmlFor="legal-kind" className="search__narrow">
          <Select
            id="legal-kind"
            value={kind}
            onChange={(k: LegalKind) => {
              setKind(k);
              setWriting(false);
            }}
            options={LEGAL_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
        </Form.Item>
      </Form>
      <WholeTable
        query={versions}
        columns={columns}
        rowKey={(v) => v.version}
        caption={`Versions of ${KIND_LABELS[kind]}`}
        empty="No version."
        exportName={`legal ${kind} versions`}
        toolbar={
          <Button
            type="primary"
            disabled={!current}
            onClick={() => {
              setOutcome(null);
              setWriting(true);
            }}
          >
            Publish a new version
          </Button>
        }
      />
      <FormModal title={title} open={writing && current !== undefined} onClose={() => setWriting(false)}>
        {writing && current && (
          <PublishForm
            key={kind}
            title={title}
            kind={kind}
            from={current}
            onClose={() => setWriting(false)}
            onOutcome={setOutcome}
          />
        )}
      </FormModal>
    </PageLayout>
  );
}

/** The next version, starting from the current one's texts; published after a confirmation (it cannot be changed afterwards). */
function PublishForm({
  title,
  kind,
  from,
  onClose,
  onOutcome,
}: {
  title: string;
  kind: LegalKind;
  from: AdminLegalVersion;
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState(() => textsDraft(from.translations));
  const [problem, setProblem] = useState<string | null>(null);
  const publish = useMutation({
    mutationFn: (body: LegalPublishBody) => call<AdminLegalVersion>(ADMIN_API.legal.publish, body),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: `Published version ${next.version} of ${KIND_LABELS[kind]}` });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      onClose();
    },
    onError: (err: Error) => setProblem(err.message),
  });
  const submit = () => {
    const found = textsProblem(texts);
    setProblem(found);
    if (found) return;
    modal.confirm({
      title: `Publish version ${from.version + 1} of ${KIND_LABELS[kind]}?`,
      content: 'It cannot be changed afterwards.',
      okText: 'Publish',
      cancelText: 'Cancel',
      onOk: () => publish.mutateAsync({ kind, translations: textsBody(texts) }),
    });
  };
  return (
    <Form className="setting" layout="vertical" onFinish={submit} aria-label={title}>
      <TextsEditor id={`legal-${kind}`} value={texts} onChange={setTexts} bodyMax={60_000} />
      <ErrorAlert text={problem} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={publish.isPending}>
          Publish
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </Space>
    </Form>
  );
}
