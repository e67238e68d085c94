import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, HEADER_LANGS, NEWS_KINDS, type AdminNewsList, type AdminNewsPost, type AdminNewsSave, type HeaderLang, type NewsKind } from '@app/contract';
import { call, queryString } from '../api';
import { formatTime } from '../format';
import {
  KIND_LABELS, LANG_LABELS, STATE_LABELS, hasNewsProblems, hasText, newNewsDraft, newsBody, newsDraft, newsProblems, type NewsDraft,
} from '../news-forms';
import { PagedTable } from './pager';
import { Field, OutcomeNotice, type Outcome } from './withdrawals';

const PAGE_SIZE = 20;
const LIST_KEY = ['content', 'news'];
const COLUMNS = 6;

/**
 * News and announcements (issue 20; support, admin): written with a translation per language
 * (English required, the fallback of the others), published now or scheduled, changed and withdrawn.
 */
export function NewsPage() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<NewsKind | ''>('');
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: [...LIST_KEY, kind, page],
    queryFn: () => call<AdminNewsList>(`${ADMIN_API.news.list}${queryString({ page, size: PAGE_SIZE, kind: kind || undefined })}`),
    placeholderData: keepPreviousData,
  });
  const open = (id: string) => {
    setOutcome(null);
    setEditing(id);
  };
  return (
    <section className="page">
      <h1>News and announcements</h1>
      <p className="notice" role="note">Users read a post in their language, or in English (marked as such) when it has none. A publish time in the future schedules it.</p>
      <OutcomeNotice outcome={outcome} />
      {editing === 'new' ? (
        <NewsForm onClose={() => setEditing(null)} onOutcome={setOutcome} />
      ) : (
        <div className="page-actions"><button type="button" className="button" onClick={() => open('new')}>New post</button></div>
      )}
      <label className="field">
        <span>Kind</span>
        <select value={kind} onChange={(e) => { setKind(e.target.value as NewsKind | ''); setPage(1); }}>
          <option value="">All</option>
          {NEWS_KINDS.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
        </select>
      </label>
      <PagedTable query={list} caption="News and announcements" onPage={setPage} empty={<p>No post yet.</p>}
        head={<><th scope="col">Title (English)</th><th scope="col">Kind</th><th scope="col">Languages</th><th scope="col">Publish time</th><th scope="col">State</th><th scope="col">Actions</th></>}>
        {(items) => items.map((p) => (
          <NewsRows key={p.id} post={p} editing={editing === p.id} onEdit={() => open(p.id)} onClose={() => setEditing(null)} onOutcome={setOutcome} />
        ))}
      </PagedTable>
    </section>
  );
}

function NewsRows({ post, editing, onEdit, onClose, onOutcome }: { post: AdminNewsPost; editing: boolean; onEdit: () => void; onClose: () => void; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const title = post.translations.en?.title ?? '';
  const withdraw = useMutation({
    mutationFn: () => call<AdminNewsPost>(ADMIN_API.news.withdraw, { id: post.id }),
    onSuccess: () => {
      onOutcome({ ok: true, text: `Withdrawn: ${title}` });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (err: Error) => onOutcome({ ok: false, text: err.message }),
  });
  return (
    <>
      <tr data-post={post.id}>
        <td><strong>{title}</strong>{post.image && <div className="muted">Banner image {post.image}</div>}</td>
        <td>{KIND_LABELS[post.kind]}</td>
        <td>{HEADER_LANGS.filter((l) => post.translations[l]).join(', ')}</td>
        <td className="nowrap">{formatTime(post.publishAt)}</td>
        <td>{STATE_LABELS[post.state]}{post.withdrawnAt !== null && <div className="muted">{formatTime(post.withdrawnAt)}</div>}</td>
        <td className="nowrap">
          {post.state !== 'withdrawn' && !editing && (
            <>
              <button type="button" className="button button--quiet" onClick={onEdit} aria-label={`Change ${title}`}>Change</button>{' '}
              <button type="button" className="button button--quiet" disabled={withdraw.isPending} aria-label={`Withdraw ${title}`}
                onClick={() => { if (window.confirm(`Withdraw "${title}"? Users will no longer see it.`)) withdraw.mutate(); }}>Withdraw</button>
            </>
          )}
        </td>
      </tr>
      {editing && <tr><td colSpan={COLUMNS}><NewsForm post={post} onClose={onClose} onOutcome={onOutcome} /></td></tr>}
    </>
  );
}

/** Writes a new post (no `post`) or changes one: a tab per language, kind, image, link, publish time. */
function NewsForm({ post, onClose, onOutcome }: { post?: AdminNewsPost; onClose: () => void; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NewsDraft>(() => (post ? newsDraft(post) : newNewsDraft()));
  const [lang, setLang] = useState<HeaderLang>('en');
  const [sent, setSent] = useState(false);
  const save = useMutation({
    mutationFn: (body: AdminNewsSave) => call<AdminNewsPost>(ADMIN_API.news.save, body),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: `${post ? 'Changed' : 'Saved'}: ${next.translations.en?.title ?? ''} (${STATE_LABELS[next.state].toLowerCase()})` });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      onClose();
    },
  });
  const problems = sent ? newsProblems(draft) : { fields: {}, texts: {} };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    const found = newsProblems(draft);
    const firstBad = HEADER_LANGS.find((l) => found.texts[l]);
    if (firstBad) setLang(firstBad);
    if (!hasNewsProblems(found)) save.mutate(newsBody(draft, Date.now(), post?.id));
  };
  const id = `news-${post?.id ?? 'new'}`;
  const text = draft.texts[lang];
  const setText = (field: 'title' | 'summary' | 'body', value: string) => setDraft({ ...draft, texts: { ...draft.texts, [lang]: { ...text, [field]: value } } });
  const formTitle = post ? `Change ${post.translations.en?.title ?? ''}` : 'New post';
  return (
    <form className="setting card" onSubmit={submit} aria-label={formTitle} noValidate>
      <h2>{formTitle}</h2>
      <div className="setting__fields">
        <Field id={`${id}-kind`} label="Kind">
          {(p) => (
            <select {...p} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as NewsKind })}>
              {NEWS_KINDS.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
            </select>
          )}
        </Field>
        <Field id={`${id}-publishAt`} label="Publish time (empty: now; later: scheduled)" problem={problems.fields.publishAt}>
          {(p) => <input {...p} type="datetime-local" value={draft.publishAt} onChange={(e) => setDraft({ ...draft, publishAt: e.target.value })} />}
        </Field>
        <Field id={`${id}-image`} label="Banner image (optional path, shown on home)" problem={problems.fields.image}>
          {(p) => <input {...p} value={draft.image} maxLength={300} autoComplete="off" onChange={(e) => setDraft({ ...draft, image: e.target.value })} />}
        </Field>
        <Field id={`${id}-link`} label="Link (optional app page or https address)" problem={problems.fields.link}>
          {(p) => <input {...p} value={draft.link} maxLength={500} autoComplete="off" onChange={(e) => setDraft({ ...draft, link: e.target.value })} />}
        </Field>
      </div>
      <div className="tabs" role="tablist" aria-label="Language">
        {HEADER_LANGS.map((l) => (
          <button key={l} type="button" role="tab" id={`${id}-tab-${l}`} aria-selected={l === lang} aria-controls={`${id}-panel`} className="tabs__link"
            aria-current={l === lang ? 'page' : undefined} onClick={() => setLang(l)}>
            {LANG_LABELS[l]}{l === 'en' ? ' (required)' : hasText(draft.texts[l]) ? ' ✓' : ''}{problems.texts[l] ? ' ⚠' : ''}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${lang}`} className="setting__fields">
        {problems.texts[lang] && <p className="error" role="alert">{problems.texts[lang]}</p>}
        <Field id={`${id}-${lang}-title`} label={`Title (${LANG_LABELS[lang]})`}>
          {(p) => <input {...p} value={text.title} maxLength={200} autoComplete="off" onChange={(e) => setText('title', e.target.value)} />}
        </Field>
        <Field id={`${id}-${lang}-summary`} label={`Summary (${LANG_LABELS[lang]})`}>
          {(p) => <input {...p} value={text.summary} maxLength={500} autoComplete="off" onChange={(e) => setText('summary', e.target.value)} />}
        </Field>
        <Field id={`${id}-${lang}-body`} label={`Text (${LANG_LABELS[lang]}; plain text, a blank line between paragraphs)`}>
          {(p) => <textarea {...p} rows={8} value={text.body} maxLength={20000} onChange={(e) => setText('body', e.target.value)} />}
        </Field>
      </div>
      {save.isError && <p className="error" role="alert">{save.error.message}</p>}
      <div className="page-actions">
        <button type="submit" className="button" disabled={save.isPending}>{post ? 'Save changes' : 'Save post'}</button>
        <button type="button" className="button button--quiet" onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}
