import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  APP_DOWNLOADS_MAX,
  APP_PLATFORMS,
  APP_UPDATE_TAGS,
  isVersionNo,
  type AdminAppVersion,
  type AppDownload,
  type AppPlatform,
  type AppUpdateTag,
  type AppVersionPublish,
} from '@app/contract';
import { call } from '../api';
import { formatTime } from '../format';
import { qrPath } from '../qr';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { byNumber, byText, sortOnPage, WholeTable, type Column } from '../ui/data-table';
import { ErrorAlert, Field, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout } from '../ui/page';

const KEY = ['app-versions'];
const TAG_LABELS: Record<AppUpdateTag, string> = {
  choose_update: 'Optional (choose_update)',
  must_update: 'Forced (must_update)',
};
const PLATFORM_LABELS: Record<AppPlatform, string> = { ios: 'iOS', android: 'Android' };
const isLink = (s: string) => /^https?:\/\/\S+$/.test(s) && s.length <= 500;

interface AppVersionList {
  versions: AdminAppVersion[];
  downloads: AppDownload[];
}

/**
 * App versions and download links (issue 20; admin): publish a version (live at once, newer than
 * every version of its platform; what `get-version` tells installed apps), and the download links
 * the profile's App download page shows as QR codes. Both are audited.
 */
export function AppVersionsPage() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => call<AppVersionList>(ADMIN_API.appVersions.list) });
  const columns: Column<AdminAppVersion>[] = [
    {
      title: 'Platform',
      render: (_, v) => PLATFORM_LABELS[v.platform],
      csv: (v) => PLATFORM_LABELS[v.platform],
      filters: APP_PLATFORMS.map((x) => ({ value: x, text: PLATFORM_LABELS[x] })),
      onFilter: (x, v) => v.platform === x,
    },
    {
      title: 'Version',
      dataIndex: 'versionNo',
      className: 'mono',
      ...sortOnPage(byText((v) => v.versionNo)),
      csv: (v) => v.versionNo,
    },
    { title: 'Update', render: (_, v) => TAG_LABELS[v.newUpdateTag], csv: (v) => v.newUpdateTag },
    { title: 'Description', dataIndex: 'description', csv: (v) => v.description },
    {
      title: 'Links',
      render: (_, v) => (
        <>
          <div className="mono">Hot: {v.linkUpdateHot}</div>
          <div className="mono">Full: {v.linkUpdateFull}</div>
        </>
      ),
      csv: (v) => `${v.linkUpdateHot} ${v.linkUpdateFull}`,
    },
    {
      title: 'Published',
      className: 'nowrap',
      render: (_, v) => formatTime(v.publishedAt),
      ...sortOnPage(byNumber((v) => v.publishedAt)),
      csv: (v) => new Date(v.publishedAt).toISOString(),
    },
  ];
  return (
    <PageLayout title="App versions">
      <Alert
        className="spaced"
        type="info"
        role="note"
        title="The running app is 1.0.1. A published version is offered to apps older than it at once: a new first number installs the full package, otherwise the hot-update files. Forced versions cannot be skipped."
      />
      <OutcomeNotice outcome={outcome} />
      <PublishForm onOutcome={setOutcome} />
      <h2>Published versions</h2>
      <WholeTable
        query={{ ...list, data: list.data?.versions }}
        columns={columns}
        rowKey={(v) => v.id}
        caption="Published versions"
        empty="No version published yet: every app is told it is up to date."
        exportName="app versions"
      />
      {list.data && (
        <DownloadsForm key={JSON.stringify(list.data.downloads)} saved={list.data.downloads} onOutcome={setOutcome} />
      )}
    </PageLayout>
  );
}

const emptyVersion = (): AppVersionPublish => ({
  platform: 'android',
  versionNo: '',
  description: '',
  linkUpdateHot: '',
  linkUpdateFull: '',
  newUpdateTag: 'choose_update',
});

function PublishForm({ onOutcome }: { onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<AppVersionPublish>(emptyVersion);
  const [sent, setSent] = useState(false);
  const publish = useMutation({
    mutationFn: (body: AppVersionPublish) => call<AdminAppVersion>(ADMIN_API.appVersions.publish, body),
    onSuccess: (v) => {
      onOutcome({ ok: true, text: `Published ${PLATFORM_LABELS[v.platform]} ${v.versionNo}.` });
      setDraft(emptyVersion());
      setSent(false);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const problems = {
    versionNo:
      sent && !isVersionNo(draft.versionNo.trim()) ? 'Enter a version like 1.0.2 (1 to 4 whole numbers).' : undefined,
    description: sent && !draft.description.trim() ? 'Describe what is new.' : undefined,
    linkUpdateHot:
      sent && !isLink(draft.linkUpdateHot.trim()) ? 'Enter a link starting with https:// or http://.' : undefined,
    linkUpdateFull:
      sent && !isLink(draft.linkUpdateFull.trim()) ? 'Enter a link starting with https:// or http://.' : undefined,
  };
  const submit = () => {
    setSent(true);
    const body = {
      ...draft,
      versionNo: draft.versionNo.trim(),
      description: draft.description.trim(),
      linkUpdateHot: draft.linkUpdateHot.trim(),
      linkUpdateFull: draft.linkUpdateFull.trim(),
    };
    if (isVersionNo(body.versionNo) && body.description && isLink(body.linkUpdateHot) && isLink(body.linkUpdateFull))
      publish.mutate(body);
  };
  return (
    <Form className="setting card-block" layout="vertical" onFinish={submit} aria-label="Publish a version">
      <h2>Publish a version</h2>
      <div className="setting__fields">
        <Field id="av-platform" label="Platform">
          {(p) => (
            <Select
              {...p}
              value={draft.platform}
              onChange={(platform: AppPlatform) => setDraft({ ...draft, platform })}
              options={APP_PLATFORMS.map((x) => ({ value: x, label: PLATFORM_LABELS[x] }))}
            />
          )}
        </Field>
        <Field id="av-version" label="Version number" problem={problems.versionNo}>
          {(p) => (
            <Input
              {...p}
              value={draft.versionNo}
              maxLength={27}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, versionNo: e.target.value })}
            />
          )}
        </Field>
        <Field id="av-tag" label="Update">
          {(p) => (
            <Select
              {...p}
              value={draft.newUpdateTag}
              onChange={(newUpdateTag: AppUpdateTag) => setDraft({ ...draft, newUpdateTag })}
              options={APP_UPDATE_TAGS.map((x) => ({ value: x, label: TAG_LABELS[x] }))}
            />
          )}
        </Field>
        <Field id="av-hot" label="Hot-update link" problem={problems.linkUpdateHot}>
          {(p) => (
            <Input
              {...p}
              type="url"
              value={draft.linkUpdateHot}
              maxLength={500}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, linkUpdateHot: e.target.value })}
            />
          )}
        </Field>
        <Field id="av-full" label="Full-install link" problem={problems.linkUpdateFull}>
          {(p) => (
            <Input
              {...p}
              type="url"
              value={draft.linkUpdateFull}
              maxLength={500}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, linkUpdateFull: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Field id="av-description" label="What is new" problem={problems.description}>
        {(p) => (
          <Input.TextArea
            {...p}
            rows={3}
            maxLength={2000}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        )}
      </Field>
      <ErrorAlert text={publish.isError ? `The server refused it: ${publish.error.message}` : null} />
      <Button type="primary" htmlType="submit" loading={publish.isPending}>
        {publish.isPending ? 'Publishing…' : 'Publish'}
      </Button>
    </Form>
  );
}

/** The download links, edited as a list and saved whole; each shown with the QR code the app's page draws. */
function DownloadsForm({ saved, onOutcome }: { saved: AppDownload[]; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<AppDownload[]>(saved);
  const save = useMutation({
    mutationFn: (body: { items: AppDownload[] }) => call<AppDownload[]>(ADMIN_API.appVersions.downloads, body),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: `Saved ${next.length} download link${next.length === 1 ? '' : 's'}.` });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const valid = items.every((d) => d.label.trim() && isLink(d.url.trim()));
  const set = (i: number, next: Partial<AppDownload>) =>
    setItems(items.map((d, j) => (j === i ? { ...d, ...next } : d)));
  const submit = () => {
    if (valid) save.mutate({ items: items.map((d) => ({ ...d, label: d.label.trim(), url: d.url.trim() })) });
  };
  return (
    <Form className="setting card-block" layout="vertical" onFinish={submit} aria-label="Download links">
      <h2>Download links (QR codes)</h2>
      {items.length === 0 && (
        <p className="muted">No download link: the app's download page says there is no app to download yet.</p>
      )}
      {items.map((d, i) => {
        const qr = isLink(d.url.trim()) ? qrPath(d.url.trim()) : null;
        return (
          <div key={i} className="setting__fields" role="group" aria-label={`Download ${i + 1}`}>
            <Field id={`dl-${i}-platform`} label={`Download ${i + 1}: platform`}>
              {(p) => (
                <Select
                  {...p}
                  value={d.platform}
                  onChange={(platform: AppPlatform) => set(i, { platform })}
                  options={APP_PLATFORMS.map((x) => ({ value: x, label: PLATFORM_LABELS[x] }))}
                />
              )}
            </Field>
            <Field
              id={`dl-${i}-label`}
              label={`Download ${i + 1}: label`}
              problem={d.label.trim() ? undefined : 'Give it a label.'}
            >
              {(p) => (
                <Input
                  {...p}
                  value={d.label}
                  maxLength={60}
                  autoComplete="off"
                  onChange={(e) => set(i, { label: e.target.value })}
                />
              )}
            </Field>
            <Field
              id={`dl-${i}-url`}
              label={`Download ${i + 1}: link`}
              problem={isLink(d.url.trim()) ? undefined : 'Enter a link starting with https:// or http://.'}
            >
              {(p) => (
                <Input
                  {...p}
                  type="url"
                  value={d.url}
                  maxLength={500}
                  autoComplete="off"
                  onChange={(e) => set(i, { url: e.target.value })}
                />
              )}
            </Field>
            {qr && (
              <svg
                className="qr"
                viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`}
                role="img"
                shapeRendering="crispEdges"
                aria-label={`QR code of ${d.label || `download ${i + 1}`}`}
              >
                <rect x={-4} y={-4} width={qr.size + 8} height={qr.size + 8} fill="#fff" />
                <path d={qr.d} fill="#000" />
              </svg>
            )}
            <Button onClick={() => setItems(items.filter((_, j) => j !== i))}>Remove download {i + 1}</Button>
          </div>
        );
      })}
      {items.length < APP_DOWNLOADS_MAX && (
        <Space className="spaced">
          <Button onClick={() => setItems([...items, { platform: 'android', label: '', url: '' }])}>
            Add a download link
          </Button>
        </Space>
      )}
      <ErrorAlert text={save.isError ? `The server refused it: ${save.error.message}` : null} />
      <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!valid}>
        {save.isPending ? 'Saving…' : 'Save download links'}
      </Button>
    </Form>
  );
}
