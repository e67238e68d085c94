import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { ADMIN_API, type AuditList, type AuditRecord } from '@app/contract';
import { call, queryString } from '../api';
import { AUDIT_PAGE_SIZE, auditDraftError, auditQuery, NO_FILTERS, type AuditDraft } from '../audit-filters';
import { compactJson, formatTime } from '../format';
import { byNumber, byText, PagedTable, sortOnPage, type Column } from '../ui/data-table';
import { DateTimeField } from '../ui/date-field';
import { ErrorAlert } from '../ui/form';
import { PageLayout } from '../ui/page';

const operatorOf = (r: AuditRecord) =>
  `${r.operatorEmail}${r.role ? ` (${r.role})` : ''}${r.operatorId !== null ? ` #${r.operatorId}` : ''}`;
const targetOf = (r: AuditRecord) => (r.targetType ? `${r.targetType}${r.targetId ? ` ${r.targetId}` : ''}` : '');

const COLUMNS: Column<AuditRecord>[] = [
  { title: '#', dataIndex: 'id', className: 'mono', ...sortOnPage(byNumber((r) => r.id)), csv: (r) => r.id },
  {
    title: 'Time',
    className: 'nowrap',
    render: (_, r) => formatTime(r.at),
    ...sortOnPage(byNumber((r) => r.at)),
    csv: (r) => new Date(r.at).toISOString(),
  },
  { title: 'Operator', render: (_, r) => operatorOf(r), ...sortOnPage(byText(operatorOf)), csv: operatorOf },
  // Not sortable: a sortable header is named by its title, and "Action" is the filter's label.
  { title: 'Action', dataIndex: 'action', className: 'mono', csv: (r) => r.action },
  { title: 'Target', className: 'mono', render: (_, r) => targetOf(r), csv: targetOf },
  { title: 'IP', className: 'mono', render: (_, r) => r.ip ?? '', csv: (r) => r.ip },
  {
    title: 'Details',
    className: 'mono details',
    render: (_, r) => compactJson(r.after),
    csv: (r) => compactJson(r.after),
  },
];

/** The audit log (admin, compliance): filtered by the server on operator, action, target and time; newest first. */
export function AuditPage() {
  const [draft, setDraft] = useState<AuditDraft>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditDraft>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(AUDIT_PAGE_SIZE);
  const [formError, setFormError] = useState<string | null>(null);
  const params = { ...auditQuery(page, applied), size };
  const list = useQuery({
    queryKey: ['audit', params],
    queryFn: () => call<AuditList>(`${ADMIN_API.audit.list}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

  const apply = () => {
    const problem = auditDraftError(draft);
    if (problem) return setFormError(problem);
    setFormError(null);
    setApplied(draft);
    setPage(1);
  };
  const text = (key: keyof AuditDraft) => ({
    id: `audit-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });
  const date = (key: 'from' | 'to') => ({
    id: `audit-${key}`,
    value: draft[key],
    onChange: (value: string) => setDraft({ ...draft, [key]: value }),
  });

  return (
    <PageLayout title="Audit log">
      <Form className="filters" layout="vertical" onFinish={apply} aria-label="Filters">
        <Form.Item label="Operator id" htmlFor="audit-operatorId">
          <Input inputMode="numeric" {...text('operatorId')} />
        </Form.Item>
        <Form.Item label="Action" htmlFor="audit-action">
          <Input {...text('action')} />
        </Form.Item>
        <Form.Item label="Target type" htmlFor="audit-targetType">
          <Input {...text('targetType')} />
        </Form.Item>
        <Form.Item label="Target id" htmlFor="audit-targetId">
          <Input {...text('targetId')} />
        </Form.Item>
        <Form.Item label="From" htmlFor="audit-from">
          <DateTimeField {...date('from')} />
        </Form.Item>
        <Form.Item label="To" htmlFor="audit-to">
          <DateTimeField {...date('to')} />
        </Form.Item>
        <Space className="filters__actions">
          <Button type="primary" htmlType="submit">
            Apply filters
          </Button>
          <Button
            onClick={() => {
              setDraft(NO_FILTERS);
              setApplied(NO_FILTERS);
              setPage(1);
              setFormError(null);
            }}
          >
            Clear
          </Button>
        </Space>
      </Form>
      <ErrorAlert text={formError} />
      <PagedTable
        query={list}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        caption="Audit records, newest first"
        empty="No records match."
        exportName="audit log"
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
      />
    </PageLayout>
  );
}
