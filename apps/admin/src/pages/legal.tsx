import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, HEADER_LANGS, LEGAL_KINDS, type AdminLegalVersion, type LegalKind, type LegalPublishBody } from '@app/contract';
import { call, queryString } from '../api';
import { formatTime } from '../format';
import { TextsEditor, textsBody, textsDraft, textsProblem } from './help';
import { OutcomeNotice, type Outcome } from './withdrawals';

const LIST_KEY = ['content', 'legal'];
const KIND_LABELS: Record<LegalKind, string> = { about: 'About us', company: 'Website company', privacy: 'Privacy policy', agreement: 'User agreement' };

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
    queryFn: () => call<{ items: AdminLegalVersion[] }>(`${ADMIN_API.legal.versions}${queryString({ kind })}`),
  });
  const current = versions.data?.items[0];
  return (
    <section className="page">
      <h1>Legal texts</h1>
      <p className="notice" role="note">A published version never changes: publishing makes the next version current. Users keep the version they accepted; the agreement and the privacy policy are accepted at registration.</p>
      <OutcomeNotice outcome={outcome} />
      <label className="field">
        <span>Text</span>
        <select value={kind} onChange={(e) => { setKind(e.target.value as LegalKind); setWriting(false); }}>
          {LEGAL_KINDS.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
        </select>
      </label>
      {writing && current
        ? <PublishForm key={kind} kind={kind} from={current} onClose={() => setWriting(false)} onOutcome={setOutcome} />
        : <div className="page-actions"><button type="button" className="button" disabled={!current} onClick={() => { setOutcome(null); setWriting(true); }}>Publish a new version</button></div>}
      {versions.isError && <p className="error" role="alert">{versions.error.message}</p>}
      <table className="table">
        <caption className="visually-hidden">{`Versions of ${KIND_LABELS[kind]}`}</caption>
        <thead><tr><th scope="col">Version</th><th scope="col">Title (English)</th><th scope="col">Published</th><th scope="col">By</th><th scope="col">Languages</th><th scope="col">Accepted by</th></tr></thead>
        <tbody>
          {versions.data?.items.map((v) => (
            <tr key={v.version}>
              <td>{v.version}{v === current && <div className="muted">current</div>}</td>
              <td>{v.translations.en.title}</td>
              <td className="nowrap">{formatTime(v.publishedAt)}</td>
              <td>{v.publishedBy ?? 'seed'}</td>
              <td>{HEADER_LANGS.filter((l) => v.translations[l]).join(', ')}</td>
              <td>{v.acceptances}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The next version, starting from the current one's texts. */
function PublishForm({ kind, from, onClose, onOutcome }: { kind: LegalKind; from: AdminLegalVersion; onClose: () => void; onOutcome: (o: Outcome) => void }) {
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = textsProblem(texts);
    setProblem(found);
    if (!found && window.confirm(`Publish version ${from.version + 1} of ${KIND_LABELS[kind]}? It cannot be changed afterwards.`)) {
      publish.mutate({ kind, translations: textsBody(texts) });
    }
  };
  const title = `New version of ${KIND_LABELS[kind]}`;
  return (
    <form className="setting card" onSubmit={submit} aria-label={title} noValidate>
      <h2>{title}</h2>
      <TextsEditor id={`legal-${kind}`} value={texts} onChange={setTexts} bodyMax={60_000} />
      {problem && <p className="error" role="alert">{problem}</p>}
      <div className="page-actions">
        <button type="submit" className="button" disabled={publish.isPending}>Publish</button>{' '}
        <button type="button" className="button button--quiet" onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}
