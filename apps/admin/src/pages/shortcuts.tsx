import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Space } from 'antd';
import { ADMIN_API, HEADER_LANGS, type AdminHomeShortcut, type HomeShortcutSave } from '@app/contract';
import { call } from '../api';
import { formatTime } from '../format';
import { LANG_LABELS } from '../product-names';
import {
  SHORTCUT_NAMES,
  labelsText,
  shortcutBody,
  shortcutDraft,
  shortcutProblems,
  type ShortcutDraft,
} from '../shortcut-forms';
import { changeColumn, WholeTable, type Column } from '../ui/data-table';
import { ErrorAlert, Field, FormModal, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout } from '../ui/page';

const KEY = ['content', 'shortcuts'];

/**
 * The home page's shortcuts (issue 34; docs/content.md "Home shortcuts"): support and admins show or
 * hide each, place it, label it per language and point it at an app page; every change is audited.
 */
export function ShortcutsPage() {
  const [editing, setEditing] = useState<AdminHomeShortcut | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => call<AdminHomeShortcut[]>(ADMIN_API.shortcuts.list) });
  const columns: Column<AdminHomeShortcut>[] = [
    { title: 'Place', dataIndex: 'position', className: 'mono', csv: (r) => String(r.position) },
    { title: 'Shortcut', render: (_, r) => SHORTCUT_NAMES[r.key], csv: (r) => SHORTCUT_NAMES[r.key] },
    {
      title: 'Shown',
      render: (_, r) => (r.visible ? 'Shown' : <strong>Hidden</strong>),
      csv: (r) => (r.visible ? 'Shown' : 'Hidden'),
    },
    {
      title: 'Label',
      className: 'wrap',
      render: (_, r) => labelsText(r.labels, LANG_LABELS),
      csv: (r) => labelsText(r.labels, LANG_LABELS),
    },
    { title: 'Opens', dataIndex: 'target', className: 'mono wrap', csv: (r) => r.target },
    {
      title: 'Updated',
      className: 'nowrap',
      render: (_, r) =>
        r.updatedAt ? (
          <>
            {formatTime(r.updatedAt)}
            <div className="muted">{r.updatedBy ?? ''}</div>
          </>
        ) : (
          'Default'
        ),
      csv: (r) => (r.updatedAt ? `${new Date(r.updatedAt).toISOString()} ${r.updatedBy ?? ''}` : 'Default'),
    },
    changeColumn(
      (r) => {
        setOutcome(null);
        setEditing(r);
      },
      (r) => SHORTCUT_NAMES[r.key],
    ),
  ];
  return (
    <PageLayout title="Home shortcuts">
      <p>
        The shortcuts on the app's home page, from the lowest place. A label left empty shows the English label, or the
        app's own name in the user's language. A shortcut opens an app page (/pages/…), never another site.
      </p>
      <Alert
        className="spaced"
        type="info"
        title="Cloud Mining Pool is hidden: the product offers no mining. Show it only to point at a page that says so, never at a promise of returns."
      />
      <OutcomeNotice outcome={outcome} />
      <WholeTable
        query={list}
        columns={columns}
        rowKey={(r) => r.key}
        caption="Home shortcuts"
        empty="No shortcut."
        exportName="home shortcuts"
      />
      <FormModal
        title={editing ? `Change ${SHORTCUT_NAMES[editing.key]}` : ''}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing && <ShortcutForm row={editing} onClose={() => setEditing(null)} onOutcome={setOutcome} />}
      </FormModal>
    </PageLayout>
  );
}

function ShortcutForm({
  row,
  onClose,
  onOutcome,
}: {
  row: AdminHomeShortcut;
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ShortcutDraft>(() => shortcutDraft(row));
  const [sent, setSent] = useState(false);
  const name = SHORTCUT_NAMES[row.key];
  const save = useMutation({
    mutationFn: (body: HomeShortcutSave) => call<AdminHomeShortcut>(ADMIN_API.shortcuts.save, body),
    onSuccess: (next) => {
      queryClient.setQueryData<AdminHomeShortcut[]>(KEY, (rows) =>
        rows?.map((r) => (r.key === next.key ? next : r)).sort((a, b) => a.position - b.position),
      );
      onOutcome({ ok: true, text: `${name} saved: ${next.visible ? 'shown' : 'hidden'}, place ${next.position}.` });
      onClose();
    },
  });
  const problems = sent ? shortcutProblems(draft) : {};
  const submit = () => {
    setSent(true);
    if (Object.keys(shortcutProblems(draft)).length > 0) return;
    save.mutate(shortcutBody(row.key, draft));
  };
  const id = `shortcut-${row.key}`;
  return (
    <Form layout="vertical" onFinish={submit} aria-label={`Change ${name}`}>
      <Form.Item>
        <Checkbox checked={draft.visible} onChange={(e) => setDraft({ ...draft, visible: e.target.checked })}>
          Shown on the home page
        </Checkbox>
      </Form.Item>
      <div className="setting__fields">
        <Field id={`${id}-position`} label="Place (0 to 99)" problem={problems.position}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              maxLength={2}
              value={draft.position}
              onChange={(e) => setDraft({ ...draft, position: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Field
        id={`${id}-target`}
        label="Opens (an app page)"
        hint="For example /pages/home/vip or /pages/news/index?tab=announcement"
        problem={problems.target}
      >
        {(p) => (
          <Input
            {...p}
            autoComplete="off"
            maxLength={200}
            value={draft.target}
            onChange={(e) => setDraft({ ...draft, target: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="rules-editor">
        <legend>Label (empty: the English label, else the app's own name)</legend>
        <div className="setting__fields">
          {HEADER_LANGS.map((lang) => (
            <Field key={lang} id={`${id}-label-${lang}`} label={LANG_LABELS[lang]} problem={problems[`labels.${lang}`]}>
              {(p) => (
                <Input
                  {...p}
                  autoComplete="off"
                  maxLength={40}
                  value={draft.labels[lang]}
                  onChange={(e) => setDraft({ ...draft, labels: { ...draft.labels, [lang]: e.target.value } })}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <ErrorAlert text={save.isError ? `The server refused the change: ${save.error.message}` : null} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? 'Saving…' : `Save ${name}`}
        </Button>
        <Button disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
