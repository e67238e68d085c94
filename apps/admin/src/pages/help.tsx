import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API, HEADER_LANGS, HELP_CATEGORIES, type AdminHelpArticle, type HeaderLang, type HelpArticleSave, type HelpCategory, type HelpTranslations,
} from '@app/contract';
import { call, queryString } from '../api';
import { formatTime } from '../format';
import { LANG_LABELS } from '../news-forms';
import { Field, OutcomeNotice, type Outcome } from './withdrawals';

const LIST_KEY = ['content', 'help'];
const COLUMNS = 6;

/** Texts per language as the editor holds them: every language, empty where it has none. */
export type TextsDraft = Record<HeaderLang, { title: string; body: string }>;
export const textsDraft = (t?: Partial<Record<HeaderLang, { title: string; body: string }>>): TextsDraft =>
  Object.fromEntries(HEADER_LANGS.map((l) => [l, { title: t?.[l]?.title ?? '', body: t?.[l]?.body ?? '' }])) as TextsDraft;
/** The languages with a title or a text; an empty language is left out (English, the fallback, is required). */
export const textsBody = (d: TextsDraft): HelpTranslations =>
  Object.fromEntries(HEADER_LANGS.filter((l) => l === 'en' || d[l].title.trim() || d[l].body.trim()).map((l) => [l, d[l]])) as HelpTranslations;
/** What is wrong with the texts: English needs both, another language both or neither. */
export function textsProblem(d: TextsDraft): string | null {
  if (!d.en.title.trim() || !d.en.body.trim()) return 'English needs a title and a text.';
  const half = HEADER_LANGS.find((l) => !d[l].title.trim() !== !d[l].body.trim());
  return half ? `${LANG_LABELS[half]} needs both a title and a text, or neither.` : null;
}

/** A tab per language with a title and a plain-text body (paragraphs separated by line breaks). */
export function TextsEditor({ id, value, onChange, bodyMax }: { id: string; value: TextsDraft; onChange: (d: TextsDraft) => void; bodyMax: number }) {
  const [lang, setLang] = useState<HeaderLang>('en');
  const text = value[lang];
  const set = (field: 'title' | 'body', v: string) => onChange({ ...value, [lang]: { ...text, [field]: v } });
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Language">
        {HEADER_LANGS.map((l) => (
          <button key={l} type="button" role="tab" id={`${id}-tab-${l}`} aria-selected={l === lang} aria-controls={`${id}-panel`} className="tabs__link"
            aria-current={l === lang ? 'page' : undefined} onClick={() => setLang(l)}>
            {LANG_LABELS[l]}{l === 'en' ? ' (required)' : value[l].title.trim() ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${lang}`} className="setting__fields">
        <Field id={`${id}-${lang}-title`} label={`Title (${LANG_LABELS[lang]})`}>
          {(p) => <input {...p} value={text.title} maxLength={200} autoComplete="off" onChange={(e) => set('title', e.target.value)} />}
        </Field>
        <Field id={`${id}-${lang}-body`} label={`Text (${LANG_LABELS[lang]}; plain text, one paragraph per line)`}>
          {(p) => <textarea {...p} rows={10} value={text.body} maxLength={bodyMax} onChange={(e) => set('body', e.target.value)} />}
        </Field>
      </div>
    </>
  );
}

/** The helper centre's articles (issue 20; support, admin): written per language, ordered in their category, published or not. */
export function HelpPage() {
  const [category, setCategory] = useState<HelpCategory | ''>('');
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: [...LIST_KEY, category],
    queryFn: () => call<{ items: AdminHelpArticle[] }>(`${ADMIN_API.help.list}${queryString({ category: category || undefined })}`),
  });
  const open = (id: string) => {
    setOutcome(null);
    setEditing(id);
  };
  return (
    <section className="page">
      <h1>Helper centre</h1>
      <p className="notice" role="note">Users read an article in their language, or in English (marked as such) when it has none. An unpublished article is kept but not shown.</p>
      <OutcomeNotice outcome={outcome} />
      {editing === 'new'
        ? <HelpForm onClose={() => setEditing(null)} onOutcome={setOutcome} />
        : <div className="page-actions"><button type="button" className="button" onClick={() => open('new')}>New article</button></div>}
      <label className="field">
        <span>Category</span>
        <select value={category} onChange={(e) => setCategory(e.target.value as HelpCategory | '')}>
          <option value="">All</option>
          {HELP_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
      {list.isError && <p className="error" role="alert">{list.error.message}</p>}
      <table className="table">
        <caption className="visually-hidden">Help articles</caption>
        <thead><tr><th scope="col">Title (English)</th><th scope="col">Category</th><th scope="col">Order</th><th scope="col">Languages</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
        <tbody>
          {list.data?.items.map((a) => (
            <HelpRows key={a.id} article={a} editing={editing === a.id} onEdit={() => open(a.id)} onClose={() => setEditing(null)} onOutcome={setOutcome} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function HelpRows({ article, editing, onEdit, onClose, onOutcome }: { article: AdminHelpArticle; editing: boolean; onEdit: () => void; onClose: () => void; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const title = article.translations.en.title;
  const publish = useMutation({
    mutationFn: () => call<AdminHelpArticle>(ADMIN_API.help.publish, { id: article.id, published: !article.published }),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: `${next.published ? 'Published' : 'Unpublished'}: ${title}` });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (err: Error) => onOutcome({ ok: false, text: err.message }),
  });
  return (
    <>
      <tr data-article={article.id}>
        <td><strong>{title}</strong><div className="muted">{formatTime(article.updatedAt)}</div></td>
        <td>{article.category}</td>
        <td>{article.sort}</td>
        <td>{HEADER_LANGS.filter((l) => article.translations[l]).join(', ')}</td>
        <td>{article.published ? 'Published' : 'Unpublished'}</td>
        <td className="nowrap">
          {!editing && <button type="button" className="button button--quiet" onClick={onEdit} aria-label={`Change ${title}`}>Change</button>}{' '}
          <button type="button" className="button button--quiet" disabled={publish.isPending} aria-label={`${article.published ? 'Unpublish' : 'Publish'} ${title}`}
            onClick={() => publish.mutate()}>{article.published ? 'Unpublish' : 'Publish'}</button>
        </td>
      </tr>
      {editing && <tr><td colSpan={COLUMNS}><HelpForm article={article} onClose={onClose} onOutcome={onOutcome} /></td></tr>}
    </>
  );
}

/** Writes a new article (no `article`) or changes one. */
function HelpForm({ article, onClose, onOutcome }: { article?: AdminHelpArticle; onClose: () => void; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState(() => textsDraft(article?.translations));
  const [category, setCategory] = useState<HelpCategory>(article?.category ?? 'registration');
  const [sort, setSort] = useState(String(article?.sort ?? 100));
  const [published, setPublished] = useState(article?.published ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: HelpArticleSave) => call<AdminHelpArticle>(ADMIN_API.help.save, body),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: `${article ? 'Changed' : 'Saved'}: ${next.translations.en.title}` });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      onClose();
    },
    onError: (err: Error) => setProblem(err.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const order = Number(sort);
    const found = textsProblem(texts) ?? (Number.isInteger(order) && order >= 0 && order <= 10_000 ? null : 'The order is a whole number from 0 to 10000.');
    setProblem(found);
    if (!found) save.mutate({ ...(article ? { id: article.id } : {}), category, sort: order, published, translations: textsBody(texts) });
  };
  const id = `help-${article?.id ?? 'new'}`;
  const formTitle = article ? `Change ${article.translations.en.title}` : 'New article';
  return (
    <form className="setting card" onSubmit={submit} aria-label={formTitle} noValidate>
      <h2>{formTitle}</h2>
      <div className="setting__fields">
        <Field id={`${id}-category`} label="Category">
          {(p) => <select {...p} value={category} onChange={(e) => setCategory(e.target.value as HelpCategory)}>{HELP_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}</select>}
        </Field>
        <Field id={`${id}-sort`} label="Order in the category (lowest first)">
          {(p) => <input {...p} inputMode="numeric" value={sort} maxLength={5} onChange={(e) => setSort(e.target.value)} />}
        </Field>
        <label className="field field--inline"><input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} /> <span>Published</span></label>
      </div>
      <TextsEditor id={id} value={texts} onChange={setTexts} bodyMax={20_000} />
      {problem && <p className="error" role="alert">{problem}</p>}
      <div className="page-actions">
        <button type="submit" className="button" disabled={save.isPending}>Save</button>{' '}
        <button type="button" className="button button--quiet" onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}
