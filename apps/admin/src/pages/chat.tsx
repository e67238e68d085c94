import { useEffect, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  ADMIN_API, CHAT_BODY_MAX, CHAT_INBOX_FILTERS, CHAT_QUEUES, HEADER_LANGS,
  type ChatCannedReply, type ChatInbox, type ChatInboxFilter, type ChatInboxItem, type ChatInboxState, type ChatMessage,
  type ChatMessagePage, type ChatQueue, type HeaderLang,
} from '@app/contract';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import {
  FILTER_LABELS, INBOX_POLL_MS, QUEUE_LABELS, cannedBody, cannedFor, cannedProblems, insertCanned, mergeMessages, newClientId,
  readThroughTarget, replyProblem, type CannedDraft,
} from '../chat-forms';
import { LANG_LABELS } from '../news-forms';
import { Photo } from './kyc';

const PAGE_SIZE = 50;
const MESSAGES = 100;

const paneStyle = { display: 'grid', gridTemplateColumns: 'minmax(280px, 1fr) 2fr', gap: 20, alignItems: 'start' } as const;
const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 } as const;
const threadStyle = { maxHeight: '55vh', overflowY: 'auto', display: 'grid', gap: 8, padding: 8, border: '1px solid var(--line)', borderRadius: 8, background: '#f7f8fb' } as const;
const bubble = (mine: boolean) => ({ justifySelf: mine ? 'end' : 'start', maxWidth: '75%', background: mine ? '#dfe9ff' : '#fff', border: '1px solid var(--line)', borderRadius: 8, padding: '6px 10px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }) as const;

/**
 * The customer-service inbox (support, admin; docs/chat.md): conversations by queue and filter, one
 * conversation with its user's UID, assignment, queue, close, replies with canned texts, and the
 * users' images. It polls ADMIN_API.chat.inboxState every 2 s and reloads only when its version moves.
 */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const filter = (CHAT_INBOX_FILTERS as readonly string[]).includes(params.get('filter') ?? '') ? params.get('filter') as ChatInboxFilter : 'open';
  const queue = (CHAT_QUEUES as readonly string[]).includes(params.get('queue') ?? '') ? params.get('queue') as ChatQueue : undefined;
  const selected = params.get('id') ?? undefined;
  const [page, setPage] = useState(1);
  const set = (next: { filter?: ChatInboxFilter; queue?: ChatQueue | ''; id?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.filter !== undefined) p.set('filter', next.filter);
    if (next.queue !== undefined) { if (next.queue) p.set('queue', next.queue); else p.delete('queue'); }
    if (next.id !== undefined) { if (next.id) p.set('id', next.id); else p.delete('id'); }
    setParams(p);
  };

  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: ['chat', 'state'],
    queryFn: () => call<ChatInboxState>(ADMIN_API.chat.inboxState),
    refetchInterval: INBOX_POLL_MS,
  });
  const version = state.data?.version;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (version === undefined) return;
    if (seen.current !== undefined && seen.current !== version) {
      void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'messages'] });
    }
    seen.current = version;
  }, [version, queryClient]);

  const inbox = useQuery({
    queryKey: ['chat', 'inbox', filter, queue ?? '', page],
    queryFn: () => call<ChatInbox>(`${ADMIN_API.chat.inbox}${queryString({ filter, queue, page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / PAGE_SIZE)) : 1;

  return (
    <section className="page">
      <h1>Customer service</h1>
      <form className="search" aria-label="Filter conversations" onSubmit={(e) => e.preventDefault()}>
        <label className="field"><span>Show</span>
          <select value={filter} onChange={(e) => { setPage(1); set({ filter: e.target.value as ChatInboxFilter }); }}>
            {CHAT_INBOX_FILTERS.map((f) => <option key={f} value={f}>{FILTER_LABELS[f]}{f === 'unassigned' && state.data ? ` (${state.data.unassigned})` : ''}{f === 'mine' && state.data ? ` (${state.data.mine})` : ''}</option>)}
          </select>
        </label>
        <label className="field"><span>Queue</span>
          <select value={queue ?? ''} onChange={(e) => { setPage(1); set({ queue: e.target.value as ChatQueue | '' }); }}>
            <option value="">All queues{state.data ? ` (${state.data.open} open)` : ''}</option>
            {CHAT_QUEUES.map((q) => <option key={q} value={q}>{QUEUE_LABELS[q]}{state.data ? ` (${state.data.queues.find((x) => x.queue === q)?.open ?? 0})` : ''}</option>)}
          </select>
        </label>
      </form>
      {state.isError && <p className="error" role="alert">{state.error.message}</p>}
      <div style={paneStyle}>
        <div>
          {inbox.isError && <p className="error" role="alert">{inbox.error.message}</p>}
          {inbox.data && inbox.data.items.length === 0 && <p>No conversations here.</p>}
          <ul style={listStyle} aria-label="Conversations" data-testid="chat-inbox">
            {inbox.data?.items.map((c) => (
              <li key={c.id}>
                <button type="button" className="card" aria-current={c.id === selected ? 'true' : undefined} onClick={() => set({ id: c.id })}
                  style={{ width: '100%', textAlign: 'left', padding: 10, cursor: 'pointer', font: 'inherit', borderColor: c.id === selected ? 'var(--accent)' : undefined }}>
                  <strong className="mono">UID {c.uid}</strong> · {QUEUE_LABELS[c.queue]}{c.state === 'closed' ? ' · closed' : ''}
                  {c.unread > 0 && <strong> · {c.unread} new</strong>}
                  <br /><span className="muted">{c.preview || '—'}</span>
                  <br /><small className="muted">{formatTime(c.lastMessageAt)}{c.assignedTo ? ` · ${c.assignedTo.name}` : ' · unassigned'}</small>
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <div className="pager">
              <button type="button" className="button button--quiet" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
              <span>Page {page} of {pages}</span>
              <button type="button" className="button button--quiet" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
            </div>
          )}
        </div>
        <div>{selected ? <Conversation key={selected} id={selected} listed={inbox.data?.items.find((c) => c.id === selected)} /> : <p>Choose a conversation.</p>}</div>
      </div>
      <CannedReplies />
    </section>
  );
}

function Conversation({ id, listed }: { id: string; listed: ChatInboxItem | undefined }) {
  const queryClient = useQueryClient();
  const { operator } = useAuth();
  // Opening a conversation is audited: read once per visit; later changes come from the inbox list and the actions' answers.
  const detail = useQuery({
    queryKey: ['chat', 'conversation', id],
    queryFn: () => call<ChatInboxItem>(`${ADMIN_API.chat.conversation}${queryString({ id })}`),
    staleTime: Infinity,
  });
  const messages = useQuery({
    queryKey: ['chat', 'messages', id],
    queryFn: () => call<ChatMessagePage>(`${ADMIN_API.chat.messages}${queryString({ id, limit: MESSAGES })}`),
  });
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderMore, setOlderMore] = useState<boolean | null>(null);
  const all = mergeMessages(older, messages.data?.items ?? []);
  const c = listed && detail.data && listed.lastMessageAt >= detail.data.lastMessageAt ? listed : (detail.data ?? listed);
  const operators = useQuery({ queryKey: ['chat', 'operators'], queryFn: () => call<{ id: number; name: string }[]>(ADMIN_API.chat.operators), staleTime: 60_000 });

  const updated = (next: ChatInboxItem) => {
    queryClient.setQueryData(['chat', 'conversation', id], next);
    void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] });
    void queryClient.invalidateQueries({ queryKey: ['chat', 'state'] });
  };
  const action = useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => call<ChatInboxItem>(path, body),
    onSuccess: updated,
  });
  // What the operator sees is read: the user sees "read" on their messages.
  const target = c ? readThroughTarget(all, c.operatorReadThrough) : null;
  const marking = useRef<number | null>(null);
  useEffect(() => {
    if (target === null || marking.current === target) return;
    marking.current = target;
    call<ChatInboxItem>(ADMIN_API.chat.read, { id, throughId: target }).then(updated, () => { marking.current = null; });
  }, [target, id]);

  const loadOlder = async () => {
    const first = all[0];
    if (!first) return;
    const page = await call<ChatMessagePage>(`${ADMIN_API.chat.messages}${queryString({ id, before: first.id, limit: MESSAGES })}`);
    setOlder((o) => mergeMessages(page.items, o));
    setOlderMore(page.hasMore);
  };

  const thread = useRef<HTMLDivElement>(null);
  const lastId = all.at(-1)?.id;
  useEffect(() => {
    if (thread.current) thread.current.scrollTop = thread.current.scrollHeight;
  }, [lastId]);

  if (detail.isError) return <p className="error" role="alert">{detail.error.message}</p>;
  if (!c) return <p role="status">Loading…</p>;
  const hasOlder = olderMore ?? messages.data?.hasMore ?? false;
  return (
    <div className="card" data-testid="chat-conversation">
      <h2>UID <span className="mono" data-testid="chat-uid">{c.uid}</span>{c.userEmail ? <span className="muted"> · {c.userEmail}</span> : null}</h2>
      <p className="muted">Opened from <span className="mono">{c.origin}</span> · started {formatTime(c.createdAt)} · {c.state === 'open' ? 'open' : 'closed'}</p>
      <div className="search">
        <label className="field"><span>Assigned to</span>
          <select value={c.assignedTo?.id ?? ''} disabled={action.isPending}
            onChange={(e) => action.mutate({ path: ADMIN_API.chat.assign, body: { id, operatorId: e.target.value ? Number(e.target.value) : null } })}>
            <option value="">Nobody</option>
            {c.assignedTo && !operators.data?.some((o) => o.id === c.assignedTo!.id) && <option value={c.assignedTo.id}>{c.assignedTo.name}</option>}
            {operators.data?.map((o) => <option key={o.id} value={o.id}>{o.name}{o.id === operator?.id ? ' (me)' : ''}</option>)}
          </select>
        </label>
        {operator && c.assignedTo?.id !== operator.id && (
          <button type="button" className="button button--quiet" disabled={action.isPending} onClick={() => action.mutate({ path: ADMIN_API.chat.assign, body: { id, operatorId: operator.id } })}>Assign to me</button>
        )}
        <label className="field"><span>Queue</span>
          <select value={c.queue} disabled={action.isPending} onChange={(e) => action.mutate({ path: ADMIN_API.chat.move, body: { id, queue: e.target.value } })}>
            {CHAT_QUEUES.map((q) => <option key={q} value={q}>{QUEUE_LABELS[q]}</option>)}
          </select>
        </label>
        {c.state === 'open' && <button type="button" className="button button--danger" disabled={action.isPending} onClick={() => action.mutate({ path: ADMIN_API.chat.close, body: { id } })}>Close</button>}
      </div>
      {action.isError && <p className="error" role="alert">{action.error.message}</p>}
      <div ref={thread} style={threadStyle} aria-label="Messages" role="log" data-testid="chat-thread">
        {hasOlder && <button type="button" className="button button--quiet" onClick={() => void loadOlder()}>Earlier messages</button>}
        {messages.isError && <p className="error" role="alert">{messages.error.message}</p>}
        {all.map((m) => (
          <div key={m.id} style={bubble(m.author === 'operator')} data-testid="chat-message">
            <small className="muted">{m.author === 'user' ? 'User' : (m.operator ?? 'Support')} · {formatTime(m.createdAt)}
              {m.author === 'operator' && m.id <= c.userReadThrough ? ' · read' : ''}</small>
            {m.body && <div>{m.body}</div>}
            {m.image && <Photo label="Image from the user" path={m.image} />}
          </div>
        ))}
      </div>
      <Reply id={id} />
    </div>
  );
}

function Reply({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [lang, setLang] = useState<HeaderLang>('en');
  // One clientId per draft: a retry of the same text after a lost answer is the same message.
  const clientId = useRef(newClientId());
  const canned = useQuery({ queryKey: ['chat', 'canned'], queryFn: () => call<ChatCannedReply[]>(ADMIN_API.chat.canned), staleTime: 30_000 });
  const send = useMutation({
    mutationFn: (body: string) => call<ChatMessage>(ADMIN_API.chat.reply, { id, clientId: clientId.current, body }),
    onSuccess: () => {
      setText('');
      clientId.current = newClientId();
      void queryClient.invalidateQueries({ queryKey: ['chat', 'messages', id] });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = replyProblem(text);
    setProblem(p);
    if (!p) send.mutate(text.trim());
  };
  const options = cannedFor(canned.data ?? [], lang);
  return (
    <form onSubmit={submit} aria-label="Reply" style={{ marginTop: 12 }}>
      <div className="search">
        <label className="field"><span>Canned replies in</span>
          <select value={lang} onChange={(e) => setLang(e.target.value as HeaderLang)}>
            {HEADER_LANGS.map((l) => <option key={l} value={l}>{LANG_LABELS[l]}</option>)}
          </select>
        </label>
        <label className="field"><span>Insert a canned reply</span>
          <select value="" onChange={(e) => { const found = options.find((o) => String(o.id) === e.target.value); if (found) setText(insertCanned(text, found.body)); }}>
            <option value="">{options.length ? 'Choose…' : 'None in this language'}</option>
            {options.map((o) => <option key={o.id} value={o.id}>{o.lang === lang ? '' : `[${o.lang}] `}{o.title}</option>)}
          </select>
        </label>
      </div>
      <label className="field"><span>Reply</span>
        <textarea value={text} rows={4} maxLength={CHAT_BODY_MAX * 2} onChange={(e) => { setText(e.target.value); clientId.current = newClientId(); }}
          aria-invalid={problem ? true : undefined} style={{ font: 'inherit', padding: 8, border: '1px solid #8a95a6', borderRadius: 6 }} />
      </label>
      {(problem ?? (send.isError ? send.error.message : null)) && <p className="error" role="alert">{problem ?? send.error?.message}</p>}
      <button type="submit" className="button" disabled={send.isPending}>Send</button>
    </form>
  );
}

/** Canned replies per language: list, create, change, delete (every change audited). */
function CannedReplies() {
  const queryClient = useQueryClient();
  const canned = useQuery({ queryKey: ['chat', 'canned'], queryFn: () => call<ChatCannedReply[]>(ADMIN_API.chat.canned) });
  const empty: CannedDraft = { lang: 'en', title: '', body: '' };
  const [draft, setDraft] = useState<CannedDraft>(empty);
  const [problems, setProblems] = useState<{ title?: string; body?: string }>({});
  const done = () => void queryClient.invalidateQueries({ queryKey: ['chat', 'canned'] });
  const save = useMutation({ mutationFn: (d: CannedDraft) => call<ChatCannedReply>(ADMIN_API.chat.cannedSave, cannedBody(d)), onSuccess: () => { setDraft(empty); done(); } });
  const remove = useMutation({ mutationFn: (cid: number) => call<null>(ADMIN_API.chat.cannedDelete, { id: cid }), onSuccess: done });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = cannedProblems(draft);
    setProblems(p);
    if (!p.title && !p.body) save.mutate(draft);
  };
  return (
    <details className="card" style={{ marginTop: 20 }}>
      <summary><strong>Canned replies</strong></summary>
      {canned.isError && <p className="error" role="alert">{canned.error.message}</p>}
      {remove.isError && <p className="error" role="alert">{remove.error.message}</p>}
      <div className="table-wrap spaced">
        <table className="table">
          <caption className="visually-hidden">Canned replies</caption>
          <thead><tr><th scope="col">Language</th><th scope="col">Title</th><th scope="col">Text</th><th scope="col">Changed</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {(canned.data ?? []).map((r) => (
              <tr key={r.id}>
                <td>{LANG_LABELS[r.lang as HeaderLang] ?? r.lang}</td>
                <td>{r.title}</td>
                <td className="details">{r.body}</td>
                <td className="nowrap">{formatTime(r.updatedAt)}{r.updatedBy ? ` · ${r.updatedBy}` : ''}</td>
                <td className="actions">
                  <button type="button" className="button button--quiet" onClick={() => setDraft({ id: r.id, lang: r.lang as HeaderLang, title: r.title, body: r.body })}>Edit</button>
                  <button type="button" className="button button--quiet" disabled={remove.isPending} onClick={() => remove.mutate(r.id)}>Delete</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={submit} aria-label={draft.id ? 'Change canned reply' : 'New canned reply'}>
        <div className="request__fields">
          <label className="field"><span>Language</span>
            <select value={draft.lang} onChange={(e) => setDraft({ ...draft, lang: e.target.value as HeaderLang })}>
              {HEADER_LANGS.map((l) => <option key={l} value={l}>{LANG_LABELS[l]}</option>)}
            </select>
          </label>
          <label className="field" style={{ gridColumn: 'span 2' }}><span>Title</span>
            <input value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} aria-invalid={problems.title ? true : undefined} />
          </label>
        </div>
        {problems.title && <p className="error" role="alert">{problems.title}</p>}
        <label className="field"><span>Text</span>
          <textarea value={draft.body} rows={3} onChange={(e) => setDraft({ ...draft, body: e.target.value })} aria-invalid={problems.body ? true : undefined}
            style={{ font: 'inherit', padding: 8, border: '1px solid #8a95a6', borderRadius: 6 }} />
        </label>
        {problems.body && <p className="error" role="alert">{problems.body}</p>}
        {save.isError && <p className="error" role="alert">{save.error.message}</p>}
        <div className="page-actions">
          <button type="submit" className="button" disabled={save.isPending}>{draft.id ? 'Save changes' : 'Add canned reply'}</button>
          {draft.id && <button type="button" className="button button--quiet" onClick={() => setDraft(empty)}>Cancel</button>}
        </div>
      </form>
    </details>
  );
}
