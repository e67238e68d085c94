import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  HEADER_LANGS,
  NEWS_KINDS,
  type AdminNewsList,
  type AdminNewsPost,
  type AdminNewsSave,
  type HeaderLang,
  type NewsKind,
} from '@app/contract';
import { call, queryString } from '../api';
import { formatTime } from '../format';
import {
  KIND_LABELS,
  LANG_LABELS,
  STATE_LABELS,
  hasNewsProblems,
  hasText,
  newNewsDraft,
  newsBody,
  newsDraft,
  newsProblems,
  type NewsDraft,
} from '../news-forms';
import { Alert, App, Button, Form, Input, Select, Space, Tabs } from 'antd';
import { byNumber, PagedTable, sortOnPage, type Column } from '../ui/data-table';
import { DateTimeField } from '../ui/date-field';
import { ErrorAlert, Field, FormModal, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout } from '../ui/page';

const PAGE_SIZE = 20;
const LIST_KEY = ['content', 'news'];

/**
 * News and announcements (issue 20; support, admin): written with a translation per language
 * (English required, the fallback of the others), published now or scheduled, changed and withdrawn.
 */
export function NewsPage() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [kind, setKind] = useState<NewsKind | undefined>(undefined);
  const [editing, setEditing] = useState<AdminNewsPost | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: [...LIST_KEY, kind, page, size],
    queryFn: () => call<AdminNewsList>(`${ADMIN_API.news.list}${queryString({ page, size, kind })}`),
    placeholderData: keepPreviousData,
  });
  const withdraw = useMutation({
    mutationFn: (post: AdminNewsPost) => call<AdminNewsPost>(ADMIN_API.news.withdraw, { id: post.id }),
    onSuccess: (next) => {
      setOutcome({ ok: true, text: `Withdrawn: ${next.translations.en?.title ?? ''}` });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (err: Error) => setOutcome({ ok: false, text: err.message }),
  });
  const open = (next: AdminNewsPost | 'new') => {
    setOutcome(null);
    setEditing(next);
  };
  const confirmWithdraw = (post: AdminNewsPost, title: string) =>
    modal.confirm({
      title: `Withdraw "${title}"?`,
      content: 'Users will no longer see it.',
      okText: 'Withdraw',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => withdraw.mutateAsync(post),
    });
  const columns: Column<AdminNewsPost>[] = [
    {
      title: 'Title (English)',
      render: (_, p) => (
        <>
          <strong>{titleOf(p)}</strong>
          {p.image && <div className="muted">Banner image {p.image}</div>}
        </>
      ),
      csv: titleOf,
    },
    {
      // The server filters by kind (AdminNewsListQuery).
      title: 'Kind',
      key: 'kind',
      render: (_, p) => KIND_LABELS[p.kind],
      csv: (p) => KIND_LABELS[p.kind],
      filters: NEWS_KINDS.map((k) => ({ value: k, text: KIND_LABELS[k] })),
      filterMultiple: false,
      filteredValue: kind ? [kind] : null,
    },
    { title: 'Languages', render: (_, p) => languagesOf(p), csv: languagesOf },
    {
      title: 'Publish time',
      className: 'nowrap',
      render: (_, p) => formatTime(p.publishAt),
      ...sortOnPage(byNumber((p) => p.publishAt)),
      csv: (p) => new Date(p.publishAt).toISOString(),
    },
    {
      title: 'State',
      render: (_, p) => (
        <>
          {STATE_LABELS[p.state]}
          {p.withdrawnAt !== null && <div className="muted">{formatTime(p.withdrawnAt)}</div>}
        </>
      ),
      csv: (p) => STATE_LABELS[p.state],
    },
    {
      title: 'Actions',
      key: 'actions',
      className: 'nowrap',
      render: (_, p) =>
        p.state !== 'withdrawn' && (
          <Space>
            <Button onClick={() => open(p)} aria-label={`Change ${titleOf(p)}`}>
              Change
            </Button>
            <Button
              danger
              disabled={withdraw.isPending}
              aria-label={`Withdraw ${titleOf(p)}`}
              onClick={() => confirmWithdraw(p, titleOf(p))}
            >
              Withdraw
            </Button>
          </Space>
        ),
    },
  ];
  const formTitle = editing === 'new' ? 'New post' : editing ? `Change ${titleOf(editing)}` : '';
  return (
    <PageLayout title="News and announcements">
      <Alert
        className="spaced"
        type="info"
        role="note"
        title="Users read a post in their language, or in English (marked as such) when it has none. A publish time in the future schedules it."
      />
      <OutcomeNotice outcome={outcome} />
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(p) => p.id}
        caption="News and announcements"
        empty="No post yet."
        exportName="news"
        rowAttributes={(p) => ({ 'data-post': p.id })}
        toolbar={
          <Button type="primary" onClick={() => open('new')}>
            New post
          </Button>
        }
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
        onServerFilter={(_key, values) => {
          setKind(NEWS_KINDS.find((k) => k === values?.[0]));
          setPage(1);
        }}
      />
      <FormModal title={formTitle} open={editing !== null} onClose={() => setEditing(null)}>
        {editing && (
          <NewsForm
            title={formTitle}
            post={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
            onOutcome={setOutcome}
          />
        )}
      </FormModal>
    </PageLayout>
  );
}

const titleOf = (p: AdminNewsPost) => p.translations.en?.title ?? '';
const languagesOf = (p: AdminNewsPost) => HEADER_LANGS.filter((l) => p.translations[l]).join(', ');

/** Writes a new post (no `post`) or changes one: a tab per language, kind, image, link, publish time. */
function NewsForm({
  title: formTitle,
  post,
  onClose,
  onOutcome,
}: {
  title: string;
  post?: AdminNewsPost | undefined;
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NewsDraft>(() => (post ? newsDraft(post) : newNewsDraft()));
  const [lang, setLang] = useState<HeaderLang>('en');
  const [sent, setSent] = useState(false);
  const save = useMutation({
    mutationFn: (body: AdminNewsSave) => call<AdminNewsPost>(ADMIN_API.news.save, body),
    onSuccess: (next) => {
      onOutcome({
        ok: true,
        text: `${post ? 'Changed' : 'Saved'}: ${next.translations.en?.title ?? ''} (${STATE_LABELS[next.state].toLowerCase()})`,
      });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      onClose();
    },
  });
  const problems = sent ? newsProblems(draft) : { fields: {}, texts: {} };
  const submit = () => {
    setSent(true);
    const found = newsProblems(draft);
    const firstBad = HEADER_LANGS.find((l) => found.texts[l]);
    if (firstBad) setLang(firstBad);
    if (!hasNewsProblems(found)) save.mutate(newsBody(draft, Date.now(), post?.id));
  };
  const id = `news-${post?.id ?? 'new'}`;
  const text = draft.texts[lang];
  const setText = (field: 'title' | 'summary' | 'body', value: string) =>
    setDraft({ ...draft, texts: { ...draft.texts, [lang]: { ...text, [field]: value } } });
  return (
    <Form className="setting" layout="vertical" onFinish={submit} aria-label={formTitle}>
      <div className="setting__fields">
        <Field id={`${id}-kind`} label="Kind">
          {(p) => (
            <Select
              {...p}
              value={draft.kind}
              onChange={(kind: NewsKind) => setDraft({ ...draft, kind })}
              options={NEWS_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            />
          )}
        </Field>
        <Field
          id={`${id}-publishAt`}
          label="Publish time (empty: now; later: scheduled)"
          problem={problems.fields.publishAt}
        >
          {(p) => (
            <DateTimeField {...p} value={draft.publishAt} onChange={(publishAt) => setDraft({ ...draft, publishAt })} />
          )}
        </Field>
        <Field id={`${id}-image`} label="Banner image (optional path, shown on home)" problem={problems.fields.image}>
          {(p) => (
            <Input
              {...p}
              value={draft.image}
              maxLength={300}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, image: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-link`} label="Link (optional app page or https address)" problem={problems.fields.link}>
          {(p) => (
            <Input
              {...p}
              value={draft.link}
              maxLength={500}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, link: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Tabs
        activeKey={lang}
        onChange={(key) => setLang(HEADER_LANGS.find((l) => l === key) ?? 'en')}
        items={HEADER_LANGS.map((l) => ({
          key: l,
          label: `${LANG_LABELS[l]}${l === 'en' ? ' (required)' : hasText(draft.texts[l]) ? ' ✓' : ''}${problems.texts[l] ? ' ⚠' : ''}`,
          children:
            l !== lang ? null : (
              <>
                <ErrorAlert text={problems.texts[l]} />
                <Field id={`${id}-${l}-title`} label={`Title (${LANG_LABELS[l]})`}>
                  {(p) => (
                    <Input
                      {...p}
                      value={text.title}
                      maxLength={200}
                      autoComplete="off"
                      onChange={(e) => setText('title', e.target.value)}
                    />
                  )}
                </Field>
                <Field id={`${id}-${l}-summary`} label={`Summary (${LANG_LABELS[l]})`}>
                  {(p) => (
                    <Input
                      {...p}
                      value={text.summary}
                      maxLength={500}
                      autoComplete="off"
                      onChange={(e) => setText('summary', e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  id={`${id}-${l}-body`}
                  label={`Text (${LANG_LABELS[l]}; plain text, a blank line between paragraphs)`}
                >
                  {(p) => (
                    <Input.TextArea
                      {...p}
                      rows={8}
                      value={text.body}
                      maxLength={20000}
                      onChange={(e) => setText('body', e.target.value)}
                    />
                  )}
                </Field>
              </>
            ),
        }))}
      />
      <ErrorAlert text={save.isError ? save.error.message : null} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {post ? 'Save changes' : 'Save post'}
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </Space>
    </Form>
  );
}
