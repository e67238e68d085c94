import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API, APP_DOWNLOADS_MAX, APP_PLATFORMS, APP_UPDATE_TAGS, isVersionNo,
  type AdminAppVersion, type AppDownload, type AppPlatform, type AppUpdateTag, type AppVersionPublish,
} from '@app/contract';
import { call } from '../api';
import { formatTime } from '../format';
import { qrPath } from '../qr';
import { Field, OutcomeNotice, type Outcome } from './withdrawals';

const KEY = ['app-versions'];
const TAG_LABELS: Record<AppUpdateTag, string> = { choose_update: 'Optional (choose_update)', must_update: 'Forced (must_update)' };
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
  return (
    <section className="page">
      <h1>App versions</h1>
      <p className="notice" role="note">
        The running app is 1.0.1. A published version is offered to apps older than it at once: a new first number installs the full package, otherwise the hot-update files. Forced versions cannot be skipped.
      </p>
      <OutcomeNotice outcome={outcome} />
      <PublishForm onOutcome={setOutcome} />
      {list.isError && <p className="error" role="alert">{list.error.message}</p>}
      <table className="table">
        <caption>Published versions</caption>
        <thead>
          <tr><th scope="col">Platform</th><th scope="col">Version</th><th scope="col">Update</th><th scope="col">Description</th><th scope="col">Links</th><th scope="col">Published</th></tr>
        </thead>
        <tbody>
          {list.data?.versions.length === 0 && <tr><td colSpan={6}>No version published yet: every app is told it is up to date.</td></tr>}
          {list.data?.versions.map((v) => (
            <tr key={v.id}>
              <td>{PLATFORM_LABELS[v.platform]}</td>
              <td className="mono">{v.versionNo}</td>
              <td>{TAG_LABELS[v.newUpdateTag]}</td>
              <td>{v.description}</td>
              <td><div className="mono">Hot: {v.linkUpdateHot}</div><div className="mono">Full: {v.linkUpdateFull}</div></td>
              <td className="nowrap">{formatTime(v.publishedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && <DownloadsForm key={JSON.stringify(list.data.downloads)} saved={list.data.downloads} onOutcome={setOutcome} />}
    </section>
  );
}

const emptyVersion = (): AppVersionPublish => ({ platform: 'android', versionNo: '', description: '', linkUpdateHot: '', linkUpdateFull: '', newUpdateTag: 'choose_update' });

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
    versionNo: sent && !isVersionNo(draft.versionNo.trim()) ? 'Enter a version like 1.0.2 (1 to 4 whole numbers).' : undefined,
    description: sent && !draft.description.trim() ? 'Describe what is new.' : undefined,
    linkUpdateHot: sent && !isLink(draft.linkUpdateHot.trim()) ? 'Enter a link starting with https:// or http://.' : undefined,
    linkUpdateFull: sent && !isLink(draft.linkUpdateFull.trim()) ? 'Enter a link starting with https:// or http://.' : undefined,
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    const body = { ...draft, versionNo: draft.versionNo.trim(), description: draft.description.trim(), linkUpdateHot: draft.linkUpdateHot.trim(), linkUpdateFull: draft.linkUpdateFull.trim() };
    if (isVersionNo(body.versionNo) && body.description && isLink(body.linkUpdateHot) && isLink(body.linkUpdateFull)) publish.mutate(body);
  };
  return (
    <form className="setting card" onSubmit={submit} aria-label="Publish a version" noValidate>
      <h2>Publish a version</h2>
      <div className="setting__fields">
        <Field id="av-platform" label="Platform">
          {(p) => <select {...p} value={draft.platform} onChange={(e) => setDraft({ ...draft, platform: e.target.value as AppPlatform })}>{APP_PLATFORMS.map((x) => <option key={x} value={x}>{PLATFORM_LABELS[x]}</option>)}</select>}
        </Field>
        <Field id="av-version" label="Version number" problem={problems.versionNo}>
          {(p) => <input {...p} value={draft.versionNo} maxLength={27} autoComplete="off" onChange={(e) => setDraft({ ...draft, versionNo: e.target.value })} />}
        </Field>
        <Field id="av-tag" label="Update">
          {(p) => <select {...p} value={draft.newUpdateTag} onChange={(e) => setDraft({ ...draft, newUpdateTag: e.target.value as AppUpdateTag })}>{APP_UPDATE_TAGS.map((x) => <option key={x} value={x}>{TAG_LABELS[x]}</option>)}</select>}
        </Field>
        <Field id="av-hot" label="Hot-update link" problem={problems.linkUpdateHot}>
          {(p) => <input {...p} type="url" value={draft.linkUpdateHot} maxLength={500} autoComplete="off" onChange={(e) => setDraft({ ...draft, linkUpdateHot: e.target.value })} />}
        </Field>
        <Field id="av-full" label="Full-install link" problem={problems.linkUpdateFull}>
          {(p) => <input {...p} type="url" value={draft.linkUpdateFull} maxLength={500} autoComplete="off" onChange={(e) => setDraft({ ...draft, linkUpdateFull: e.target.value })} />}
        </Field>
      </div>
      <Field id="av-description" label="What is new" problem={problems.description}>
        {(p) => <textarea {...p} rows={3} maxLength={2000} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />}
      </Field>
      {publish.isError && <p className="error" role="alert">The server refused it: {publish.error.message}</p>}
      <div className="actions"><button type="submit" className="button" disabled={publish.isPending}>{publish.isPending ? 'Publishing…' : 'Publish'}</button></div>
    </form>
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
  const set = (i: number, next: Partial<AppDownload>) => setItems(items.map((d, j) => (j === i ? { ...d, ...next } : d)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) save.mutate({ items: items.map((d) => ({ ...d, label: d.label.trim(), url: d.url.trim() })) });
  };
  return (
    <form className="setting card" onSubmit={submit} aria-label="Download links" noValidate>
      <h2>Download links (QR codes)</h2>
      {items.length === 0 && <p className="muted">No download link: the app's download page says there is no app to download yet.</p>}
      {items.map((d, i) => {
        const qr = isLink(d.url.trim()) ? qrPath(d.url.trim()) : null;
        return (
          <div key={i} className="setting__fields" role="group" aria-label={`Download ${i + 1}`}>
            <Field id={`dl-${i}-platform`} label={`Download ${i + 1}: platform`}>
              {(p) => <select {...p} value={d.platform} onChange={(e) => set(i, { platform: e.target.value as AppPlatform })}>{APP_PLATFORMS.map((x) => <option key={x} value={x}>{PLATFORM_LABELS[x]}</option>)}</select>}
            </Field>
            <Field id={`dl-${i}-label`} label={`Download ${i + 1}: label`} problem={d.label.trim() ? undefined : 'Give it a label.'}>
              {(p) => <input {...p} value={d.label} maxLength={60} autoComplete="off" onChange={(e) => set(i, { label: e.target.value })} />}
            </Field>
            <Field id={`dl-${i}-url`} label={`Download ${i + 1}: link`} problem={isLink(d.url.trim()) ? undefined : 'Enter a link starting with https:// or http://.'}>
              {(p) => <input {...p} type="url" value={d.url} maxLength={500} autoComplete="off" onChange={(e) => set(i, { url: e.target.value })} />}
            </Field>
            {qr && (
              <svg className="qr" viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`} role="img" shapeRendering="crispEdges" aria-label={`QR code of ${d.label || `download ${i + 1}`}`}>
                <rect x={-4} y={-4} width={qr.size + 8} height={qr.size + 8} fill="#fff" />
                <path d={qr.d} fill="#000" />
              </svg>
            )}
            <button type="button" className="button button--quiet" onClick={() => setItems(items.filter((_, j) => j !== i))}>Remove download {i + 1}</button>
          </div>
        );
      })}
      {items.length < APP_DOWNLOADS_MAX && (
        <button type="button" className="button button--quiet" onClick={() => setItems([...items, { platform: 'android', label: '', url: '' }])}>Add a download link</button>
      )}
      {save.isError && <p className="error" role="alert">The server refused it: {save.error.message}</p>}
      <div className="actions"><button type="submit" className="button" disabled={save.isPending || !valid}>{save.isPending ? 'Saving…' : 'Save download links'}</button></div>
    </form>
  );
}
