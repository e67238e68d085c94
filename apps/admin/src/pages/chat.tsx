import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  ADMIN_API,
  CHAT_BODY_MAX,
  CHAT_INBOX_FILTERS,
  CHAT_QUEUES,
  HEADER_LANGS,
  type ChatCannedReply,
  type ChatInbox,
  type ChatInboxFilter,
  type ChatInboxItem,
  type ChatInboxState,
  type ChatMessage,
  type ChatMessagePage,
  type ChatQueue,
  type HeaderLang,
} from '@app/contract';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import {
  FILTER_LABELS,
  INBOX_POLL_MS,
  QUEUE_LABELS,
  cannedBody,
  cannedFor,
  cannedProblems,
  insertCanned,
  mergeMessages,
  newClientId,
  readThroughTarget,
  replyProblem,
  type CannedDraft,
} from '../chat-forms';
import { LANG_LABELS } from '../news-forms';
import { Alert, Button, Card, Form, Input, Pagination, Select, Space } from 'antd';
import { ListTable, type Column } from '../ui/data-table';
import { ErrorAlert } from '../ui/form';
import { PageLayout } from '../ui/page';
import { Photo } from './kyc';

const PAGE_SIZE = 50;
const MESSAGES = 100;

/**
 * The customer-service inbox (support, admin; docs/chat.md): conversations by queue and filter, one
 * conversation with its user's UID, assignment, queue, close, replies with canned texts, and the
 * users' images. It polls ADMIN_API.chat.inboxState every 2 s and reloads only when its version moves.
 */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const filter = (CHAT_INBOX_FILTERS as readonly string[]).includes(params.get('filter') ?? '')
    ? (params.get('filter') as ChatInboxFilter)
    : 'open';
  const queue = (CHAT_QUEUES as readonly string[]).includes(params.get('queue') ?? '')
    ? (params.get('queue') as ChatQueue)
    : undefined;
  const selected = params.get('id') ?? undefined;
  const [page, setPage] = useState(1);
  const set = (next: { filter?: ChatInboxFilter; queue?: ChatQueue | ''; id?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.filter !== undefined) p.set('filter', next.filter);
    if (next.queue !== undefined) {
      if (next.queue) p.set('queue', next.queue);
      else p.delete('queue');
    }
    if (next.id !== undefined) {
      if (next.id) p.set('id', next.id);
      else p.delete('id');
    }
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
    <PageLayout title="Customer service">
      <Form className="search" layout="vertical" aria-label="Filter conversations">
        <Form.Item label="Show" htmlFor="chat-filter" className="search__narrow">
          <Select
            id="chat-filter"
            value={filter}
            onChange={(f: ChatInboxFilter) => {
              setPage(1);
              set({ filter: f });
            }}
            options={CHAT_INBOX_FILTERS.map((f) => ({
              value: f,
              label: `${FILTER_LABELS[f]}${f === 'unassigned' && state.data ? ` (${state.data.unassigned})` : ''}${f === 'mine' && state.data ? ` (${state.data.mine})` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item label="Queue" htmlFor="chat-queue" className="search__narrow">
          <Select
            id="chat-queue"
            value={queue ?? ''}
            onChange={(q: ChatQueue | '') => {
              setPage(1);
              set({ queue: q });
            }}
            options={[
              { value: '', label: `All queues${state.data ? ` (${state.data.open} open)` : ''}` },
              ...CHAT_QUEUES.map((q) => ({
                value: q,
                label: `${QUEUE_LABELS[q]}${state.data ? ` (${state.data.queues.find((x) => x.queue === q)?.open ?? 0})` : ''}`,
              })),
            ]}
          />
        </Form.Item>
      </Form>
      <ErrorAlert text={state.isError ? state.error.message : null} />
      <div className="chat-panes">
        <div>
          <ErrorAlert text={inbox.isError ? inbox.error.message : null} />
          {inbox.data && inbox.data.items.length === 0 && <p>No conversations here.</p>}
          <ul className="chat-inbox" aria-label="Conversations" data-testid="chat-inbox">
            {inbox.data?.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="chat-inbox__item"
                  aria-current={c.id === selected ? 'true' : undefined}
                  onClick={() => set({ id: c.id })}
                >
                  <strong className="mono">UID {c.uid}</strong> · {QUEUE_LABELS[c.queue]}
                  {c.state === 'closed' ? ' · closed' : ''}
                  {c.unread > 0 && <strong> · {c.unread} new</strong>}
                  <br />
                  <span className="muted">{c.preview || '—'}</span>
                  <br />
                  <small className="muted">
                    {formatTime(c.lastMessageAt)}
                    {c.assignedTo ? ` · ${c.assignedTo.name}` : ' · unassigned'}
                  </small>
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 && inbox.data && (
            <Pagination
              className="spaced-top"
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={inbox.data.total}
              showSizeChanger={false}
              onChange={setPage}
            />
          )}
        </div>
        <div>
          {selected ? (
            <Conversation key={selected} id={selected} listed={inbox.data?.items.find((c) => c.id === selected)} />
          ) : (
            <p>Choose a conversation.</p>
          )}
        </div>
      </div>
      <CannedReplies />
    </PageLayout>
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
  const c =
    listed && detail.data && listed.lastMessageAt >= detail.data.lastMessageAt ? listed : (detail.data ?? listed);
  const operators = useQuery({
    queryKey: ['chat', 'operators'],
    queryFn: () => call<{ id: number; name: string }[]>(ADMIN_API.chat.operators),
    staleTime: 60_000,
  });

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
    call<ChatInboxItem>(ADMIN_API.chat.read, { id, throughId: target }).then(updated, () => {
      marking.current = null;
    });
  }, [target, id]);

  const loadOlder = async () => {
    const first = all[0];
    if (!first) return;
    const page = await call<ChatMessagePage>(
      `${ADMIN_API.chat.messages}${queryString({ id, before: first.id, limit: MESSAGES })}`,
    );
    setOlder((o) => mergeMessages(page.items, o));
    setOlderMore(page.hasMore);
  };

  const thread = useRef<HTMLDivElement>(null);
  const lastId = all.at(-1)?.id;
  useEffect(() => {
    if (thread.current) thread.current.scrollTop = thread.current.scrollHeight;
  }, [lastId]);

  if (detail.isError) return <Alert type="error" role="alert" title={detail.error.message} />;
  if (!c) return <p role="status">Loading…</p>;
  const hasOlder = olderMore ?? messages.data?.hasMore ?? false;
  return (
    <Card data-testid="chat-conversation">
      <h2>
        UID{' '}
        <span className="mono" data-testid="chat-uid">
          {c.uid}
        </span>
        {c.userEmail ? <span className="muted"> · {c.userEmail}</span> : null}
      </h2>
      <p className="muted">
        Opened from <span className="mono">{c.origin}</span> · started {formatTime(c.createdAt)} ·{' '}
        {c.state === 'open' ? 'open' : 'closed'}
      </p>
      <Form className="search" layout="vertical" component="div">
        <Form.Item label="Assigned to" htmlFor="chat-assigned" className="search__narrow">
          <Select
            id="chat-assigned"
            value={c.assignedTo?.id ?? ''}
            disabled={action.isPending}
            onChange={(v: number | '') =>
              action.mutate({ path: ADMIN_API.chat.assign, body: { id, operatorId: v === '' ? null : v } })
            }
            options={[
              { value: '', label: 'Nobody' },
              ...(c.assignedTo && !operators.data?.some((o) => o.id === c.assignedTo?.id)
                ? [{ value: c.assignedTo.id, label: c.assignedTo.name }]
                : []),
              ...(operators.data ?? []).map((o) => ({
                value: o.id,
                label: `${o.name}${o.id === operator?.id ? ' (me)' : ''}`,
              })),
            ]}
          />
        </Form.Item>
        {operator && c.assignedTo?.id !== operator.id && (
          <Button
            disabled={action.isPending}
            onClick={() => action.mutate({ path: ADMIN_API.chat.assign, body: { id, operatorId: operator.id } })}
          >
            Assign to me
          </Button>
        )}
        <Form.Item label="Queue" htmlFor="chat-move" className="search__narrow">
          <Select
            id="chat-move"
            value={c.queue}
            disabled={action.isPending}
            onChange={(q: ChatQueue) => action.mutate({ path: ADMIN_API.chat.move, body: { id, queue: q } })}
            options={CHAT_QUEUES.map((q) => ({ value: q, label: QUEUE_LABELS[q] }))}
          />
        </Form.Item>
        {c.state === 'open' && (
          <Button
            danger
            disabled={action.isPending}
            onClick={() => action.mutate({ path: ADMIN_API.chat.close, body: { id } })}
          >
            Close
          </Button>
        )}
      </Form>
      <ErrorAlert text={action.isError ? action.error.message : null} />
      <div ref={thread} className="chat-thread" aria-label="Messages" role="log" data-testid="chat-thread">
        {hasOlder && <Button onClick={() => void loadOlder()}>Earlier messages</Button>}
        <ErrorAlert text={messages.isError ? messages.error.message : null} />
        {all.map((m) => (
          <div
            key={m.id}
            className={`chat-bubble${m.author === 'operator' ? ' chat-bubble--mine' : ''}`}
            data-testid="chat-message"
          >
            <small className="muted">
              {m.author === 'user' ? 'User' : (m.operator ?? 'Support')} · {formatTime(m.createdAt)}
              {m.author === 'operator' && m.id <= c.userReadThrough ? ' · read' : ''}
            </small>
            {m.body && <div>{m.body}</div>}
            {m.image && <Photo label="Image from the user" path={m.image} />}
          </div>
        ))}
      </div>
      <Reply id={id} />
    </Card>
  );
}

function Reply({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [lang, setLang] = useState<HeaderLang>('en');
  // One clientId per draft: a retry of the same text after a lost answer is the same message.
  const clientId = useRef(newClientId());
  const canned = useQuery({
    queryKey: ['chat', 'canned'],
    queryFn: () => call<ChatCannedReply[]>(ADMIN_API.chat.canned),
    staleTime: 30_000,
  });
  const send = useMutation({
    mutationFn: (body: string) => call<ChatMessage>(ADMIN_API.chat.reply, { id, clientId: clientId.current, body }),
    onSuccess: () => {
      setText('');
      clientId.current = newClientId();
      void queryClient.invalidateQueries({ queryKey: ['chat', 'messages', id] });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] });
    },
  });
  const submit = () => {
    const p = replyProblem(text);
    setProblem(p);
    if (!p) send.mutate(text.trim());
  };
  const options = cannedFor(canned.data ?? [], lang);
  return (
    <Form layout="vertical" onFinish={submit} aria-label="Reply" className="spaced-top">
      <div className="search">
        <Form.Item label="Canned replies in" htmlFor="canned-lang" className="search__narrow">
          <Select
            id="canned-lang"
            value={lang}
            onChange={(l: HeaderLang) => setLang(l)}
            options={HEADER_LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))}
          />
        </Form.Item>
        <Form.Item label="Insert a canned reply" htmlFor="canned-insert" className="search__wide">
          <Select
            id="canned-insert"
            value={null}
            placeholder={options.length ? 'Choose…' : 'None in this language'}
            disabled={options.length === 0}
            onChange={(v: number) => {
              const found = options.find((o) => o.id === v);
              if (found) setText(insertCanned(text, found.body));
            }}
            options={options.map((o) => ({ value: o.id, label: `${o.lang === lang ? '' : `[${o.lang}] `}${o.title}` }))}
          />
        </Form.Item>
      </div>
      <Form.Item label="Reply" htmlFor="chat-reply">
        <Input.TextArea
          id="chat-reply"
          value={text}
          rows={4}
          maxLength={CHAT_BODY_MAX * 2}
          onChange={(e) => {
            setText(e.target.value);
            clientId.current = newClientId();
          }}
          aria-invalid={problem ? true : undefined}
        />
      </Form.Item>
      <ErrorAlert text={problem ?? (send.isError ? send.error.message : null)} />
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        Send
      </Button>
    </Form>
  );
}

/** Canned replies per language: list, create, change, delete (every change audited). */
function CannedReplies() {
  const queryClient = useQueryClient();
  const canned = useQuery({
    queryKey: ['chat', 'canned'],
    queryFn: () => call<ChatCannedReply[]>(ADMIN_API.chat.canned),
  });
  const empty: CannedDraft = { lang: 'en', title: '', body: '' };
  const [draft, setDraft] = useState<CannedDraft>(empty);
  const [problems, setProblems] = useState<{ title?: string; body?: string }>({});
  const done = () => void queryClient.invalidateQueries({ queryKey: ['chat', 'canned'] });
  const save = useMutation({
    mutationFn: (d: CannedDraft) => call<ChatCannedReply>(ADMIN_API.chat.cannedSave, cannedBody(d)),
    onSuccess: () => {
      setDraft(empty);
      done();
    },
  });
  const remove = useMutation({
    mutationFn: (cid: number) => call<null>(ADMIN_API.chat.cannedDelete, { id: cid }),
    onSuccess: done,
  });
  const submit = () => {
    const p = cannedProblems(draft);
    setProblems(p);
    if (!p.title && !p.body) save.mutate(draft);
  };
  return (
    <details className="canned">
      <summary>
        <strong>Canned replies</strong>
      </summary>
      <ErrorAlert text={canned.isError ? canned.error.message : null} />
      <ErrorAlert text={remove.isError ? remove.error.message : null} />
      <ListTable<ChatCannedReply>
        className="spaced"
        caption="Canned replies"
        empty="No canned reply yet."
        rows={canned.data}
        rowKey={(r) => r.id}
        exportName="canned replies"
        columns={
          [
            {
              title: 'Language',
              render: (_, r) => LANG_LABELS[r.lang as HeaderLang] ?? r.lang,
              csv: (r) => r.lang,
              filters: HEADER_LANGS.map((l) => ({ value: l, text: LANG_LABELS[l] })),
              onFilter: (l, r) => r.lang === l,
            },
            { title: 'Title', dataIndex: 'title', csv: (r) => r.title },
            { title: 'Text', dataIndex: 'body', className: 'details', csv: (r) => r.body },
            {
              title: 'Changed',
              className: 'nowrap',
              render: (_, r) => `${formatTime(r.updatedAt)}${r.updatedBy ? ` · ${r.updatedBy}` : ''}`,
              csv: (r) => new Date(r.updatedAt).toISOString(),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              render: (_, r) => (
                <Space>
                  <Button
                    onClick={() => setDraft({ id: r.id, lang: r.lang as HeaderLang, title: r.title, body: r.body })}
                  >
                    Edit
                  </Button>
                  <Button danger disabled={remove.isPending} onClick={() => remove.mutate(r.id)}>
                    Delete
                  </Button>
                </Space>
              ),
            },
          ] satisfies Column<ChatCannedReply>[]
        }
      />
      <Form layout="vertical" onFinish={submit} aria-label={draft.id ? 'Change canned reply' : 'New canned reply'}>
        <div className="request__fields">
          <Form.Item label="Language" htmlFor="canned-draft-lang">
            <Select
              id="canned-draft-lang"
              value={draft.lang}
              onChange={(l: HeaderLang) => setDraft({ ...draft, lang: l })}
              options={HEADER_LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))}
            />
          </Form.Item>
          <Form.Item
            label="Title"
            htmlFor="canned-draft-title"
            className="span-2"
            validateStatus={problems.title ? 'error' : undefined}
            help={problems.title}
          >
            <Input
              id="canned-draft-title"
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              aria-invalid={problems.title ? true : undefined}
            />
          </Form.Item>
        </div>
        <Form.Item
          label="Text"
          htmlFor="canned-draft-body"
          validateStatus={problems.body ? 'error' : undefined}
          help={problems.body}
        >
          <Input.TextArea
            id="canned-draft-body"
            value={draft.body}
            rows={3}
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
            aria-invalid={problems.body ? true : undefined}
          />
        </Form.Item>
        <ErrorAlert text={save.isError ? save.error.message : null} />
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {draft.id ? 'Save changes' : 'Add canned reply'}
          </Button>
          {draft.id && <Button onClick={() => setDraft(empty)}>Cancel</Button>}
        </Space>
      </Form>
    </details>
  );
}
