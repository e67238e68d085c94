import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  HEADER_LANGS,
  HELP_CATEGORIES,
  type AdminHelpArticle,
  type HeaderLang,
  type HelpArticleSave,
  type HelpCategory,
  type HelpTranslations,
} from '@app/contract';
import { call, queryString } from '../api';
import { formatTime } from '../format';
import { LANG_LABELS } from '../news-forms';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Space, Tabs } from 'antd';
import { byNumber, byText, sortOnPage, WholeTable, type Column } from '../ui/data-table';
import { ErrorAlert, Field, FormModal, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout } from '../ui/page';

const LIST_KEY = ['content', 'help'];

/** Texts per language as the editor holds them: every language, empty where it has none. */
export type TextsDraft = Record<HeaderLang, { title: string; body: string }>;
export const textsDraft = (t?: Partial<Record<HeaderLang, { title: string; body: string }>>): TextsDraft =>
  Object.fromEntries(
    HEADER_LANGS.map((l) => [l, { title: t?.[l]?.title ?? '', body: t?.[l]?.body ?? '' }]),
  ) as TextsDraft;
/** The languages with a title or a text; an empty language is left out (English, the fallback, is required). */
export const textsBody = (d: TextsDraft): HelpTranslations =>
  Object.fromEntries(
    HEADER_LANGS.filter((l) => l === 'en' || d[l].title.trim() || d[l].body.trim()).map((l) => [l, d[l]]),
  ) as HelpTranslations;
/** What is wrong with the texts: English needs both, another language both or neither. */
export function textsProblem(d: TextsDraft): string | null {
  if (!d.en.title.trim() || !d.en.body.trim()) return 'English needs a title and a text.';
  const half = HEADER_LANGS.find((l) => !d[l].title.trim() !== !d[l].body.trim());
  return half ? `${LANG_LABELS[half]} needs both a title and a text, or neither.` : null;
}

/** A tab per language (antd's Tabs) with a title and a plain-text body (paragraphs separated by line breaks). */
export function TextsEditor({
  id,
  value,
  onChange,
  bodyMax,
}: {
  id: string;
  value: TextsDraft;
  onChange: (d: TextsDraft) => void;
  bodyMax: number;
}) {
  const [lang, setLang] = useState<HeaderLang>('en');
  const text = value[lang];
  const set = (field: 'title' | 'body', v: string) => onChange({ ...value, [lang]: { ...text, [field]: v } });
  return (
    <Tabs
      activeKey={lang}
      onChange={(key) => setLang(HEADER_LANGS.find((l) => l === key) ?? 'en')}
      items={HEADER_LANGS.map((l) => ({
        key: l,
        label: `${LANG_LABELS[l]}${l === 'en' ? ' (required)' : value[l].title.trim() ? ' ✓' : ''}`,
        children:
          l !== lang ? null : (
            <>
              <Field id={`${id}-${l}-title`} label={`Title (${LANG_LABELS[l]})`}>
                {(p) => (
                  <Input
                    {...p}
                    value={text.title}
                    maxLength={200}
                    autoComplete="off"
                    onChange={(e) => set('title', e.target.value)}
                  />
                )}
              </Field>
              <Field id={`${id}-${l}-body`} label={`Text (${LANG_LABELS[l]}; plain text, one paragraph per line)`}>
                {(p) => (
                  <Input.TextArea
                    {...p}
                    rows={10}
                    value={text.body}
                    maxLength={bodyMax}
                    onChange={(e) => set('body', e.target.value)}
                  />
                )}
              </Field>
            </>
          ),
      }))}
    />
  );
}

const titleOf = (a: AdminHelpArticle) => a.translations.en.title;
const languagesOf = (a: AdminHelpArticle) => HEADER_LANGS.filter((l) => a.translations[l]).join(', ');

/** The helper centre's articles (issue 20; support, admin): written per language, ordered in their category, published or not. */
export function HelpPage() {
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<HelpCategory | undefined>(undefined);
  const [editing, setEditing] = useState<AdminHelpArticle | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: [...LIST_KEY, category],
    queryFn: () =>
      call<{ items: AdminHelpArticle[] }>(`${ADMIN_API.help.list}${queryString({ category })}`).then((r) => r.items),
  });
  const publish = useMutation({
    mutationFn: (a: AdminHelpArticle) =>
      call<AdminHelpArticle>(ADMIN_API.help.publish, { id: a.id, published: !a.published }),
    onSuccess: (next) => {
      setOutcome({ ok: true, text: `${next.published ? 'Published' : 'Unpublished'}: ${titleOf(next)}` });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (err: Error) => setOutcome({ ok: false, text: err.message }),
  });
  const open = (next: AdminHelpArticle | 'new') => {
    setOutcome(null);
    setEditing(next);
  };
  const columns: Column<AdminHelpArticle>[] = [
    {
      title: 'Title (English)',
      render: (_, a) => (
        <>
          <strong>{titleOf(a)}</strong>
          <div className="muted">{formatTime(a.updatedAt)}</div>
        </>
      ),
      ...sortOnPage(byText(titleOf)),
      csv: titleOf,
    },
    {
      // The server filters by category (AdminHelpListQuery).
      title: 'Category',
      key: 'category',
      dataIndex: 'category',
      csv: (a) => a.category,
      filters: HELP_CATEGORIES.map((c) => ({ value: c, text: c })),
      filterMultiple: false,
      filteredValue: category ? [category] : null,
    },
    { title: 'Order', dataIndex: 'sort', ...sortOnPage(byNumber((a) => a.sort)), csv: (a) => a.sort },
    { title: 'Languages', render: (_, a) => languagesOf(a), csv: languagesOf },
    {
      title: 'State',
      render: (_, a) => (a.published ? 'Published' : 'Unpublished'),
      csv: (a) => (a.published ? 'Published' : 'Unpublished'),
      filters: [
        { value: true, text: 'Published' },
        { value: false, text: 'Unpublished' },
      ],
      onFilter: (v, a) => a.published === v,
    },
    {
      title: 'Actions',
      key: 'actions',
      className: 'nowrap',
      render: (_, a) => (
        <Space>
          <Button onClick={() => open(a)} aria-label={`Change ${titleOf(a)}`}>
            Change
          </Button>
          <Button
            disabled={publish.isPending}
            aria-label={`${a.published ? 'Unpublish' : 'Publish'} ${titleOf(a)}`}
            onClick={() => publish.mutate(a)}
          >
            {a.published ? 'Unpublish' : 'Publish'}
          </Button>
        </Space>
      ),
    },
  ];
  const formTitle = editing === 'new' ? 'New article' : editing ? `Change ${titleOf(editing)}` : '';
  return (
    <PageLayout title="Helper centre">
      <Alert
        className="spaced"
        type="info"
        role="note"
        title="Users read an article in their language, or in English (marked as such) when it has none. An unpublished article is kept but not shown."
      />
      <OutcomeNotice outcome={outcome} />
      <WholeTable
        query={list}
        columns={columns}
        rowKey={(a) => a.id}
        caption="Help articles"
        empty="No article."
        exportName="help articles"
        rowAttributes={(a) => ({ 'data-article': a.id })}
        toolbar={
          <Button type="primary" onClick={() => open('new')}>
            New article
          </Button>
        }
        onServerFilter={(_key, values) => setCategory(HELP_CATEGORIES.find((c) => c === values?.[0]))}
      />
      <FormModal title={formTitle} open={editing !== null} onClose={() => setEditing(null)}>
        {editing && (
          <HelpForm
            title={formTitle}
            article={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
            onOutcome={setOutcome}
          />
        )}
      </FormModal>
    </PageLayout>
  );
}

/** Writes a new article (no `article`) or changes one. */
function HelpForm({
  title: formTitle,
  article,
  onClose,
  onOutcome,
}: {
  title: string;
  article?: AdminHelpArticle | undefined;
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState(() => textsDraft(article?.translations));
  const [category, setCategory] = useState<HelpCategory>(article?.category ?? 'registration');
  const [sort, setSort] = useState<number | null>(article?.sort ?? 100);
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
  const submit = () => {
    const found =
      textsProblem(texts) ??
      (sort !== null && Number.isInteger(sort) && sort >= 0 && sort <= 10_000
        ? null
        : 'The order is a whole number from 0 to 10000.');
    setProblem(found);
    if (!found && sort !== null)
      save.mutate({
        ...(article ? { id: article.id } : {}),
        category,
        sort,
        published,
        translations: textsBody(texts),
      });
  };
  const id = `help-${article?.id ?? 'new'}`;
  return (
    <Form className="setting" layout="vertical" onFinish={submit} aria-label={formTitle}>
      <div className="setting__fields">
        <Field id={`${id}-category`} label="Category">
          {(p) => (
            <Select
              {...p}
              value={category}
              onChange={(c: HelpCategory) => setCategory(c)}
              options={HELP_CATEGORIES.map((c) => ({ value: c, label: c }))}
            />
          )}
        </Field>
        <Field id={`${id}-sort`} label="Order in the category (lowest first)">
          {(p) => <InputNumber {...p} min={0} max={10_000} precision={0} value={sort} onChange={(v) => setSort(v)} />}
        </Field>
        <Form.Item label=" ">
          <Checkbox checked={published} onChange={(e) => setPublished(e.target.checked)}>
            Published
          </Checkbox>
        </Form.Item>
      </div>
      <TextsEditor id={id} value={texts} onChange={setTexts} bodyMax={20_000} />
      <ErrorAlert text={problem} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </Space>
    </Form>
  );
}
