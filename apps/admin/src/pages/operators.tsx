import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import {
  ADMIN_API,
  OPERATOR_PASSWORD_MIN_LENGTH,
  OPERATOR_ROLES,
  type OperatorCreateBody,
  type OperatorCreateResult,
  type OperatorInfo,
  type OperatorList,
  type OperatorRole,
} from '@app/contract';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { qrPath } from '../qr';
import { byNumber, PagedTable, sortOnPage, type Column } from '../ui/data-table';
import { ErrorAlert } from '../ui/form';
import { PageLayout } from '../ui/page';

const statusOf = (op: OperatorInfo) => (op.disabledAt === null ? 'Active' : `Disabled ${formatTime(op.disabledAt)}`);

export function OperatorsPage() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [created, setCreated] = useState<OperatorCreateResult | null>(null);
  const list = useQuery({
    queryKey: ['operators', page, size],
    queryFn: () => call<OperatorList>(`${ADMIN_API.operators.list}${queryString({ page, size })}`),
    placeholderData: keepPreviousData,
  });
  // E-mail and Role are not sortable: a sortable header is named by its title, and those are the form's labels.
  const columns: Column<OperatorInfo>[] = [
    { title: 'Id', dataIndex: 'id', className: 'mono', ...sortOnPage(byNumber((op) => op.id)), csv: (op) => op.id },
    { title: 'E-mail', dataIndex: 'email', csv: (op) => op.email },
    { title: 'Role', dataIndex: 'role', csv: (op) => op.role },
    {
      title: 'Created',
      className: 'nowrap',
      render: (_, op) => formatTime(op.createdAt),
      ...sortOnPage(byNumber((op) => op.createdAt)),
      csv: (op) => new Date(op.createdAt).toISOString(),
    },
    { title: 'Status', render: (_, op) => (op.disabledAt === null ? 'Active' : statusOf(op)), csv: statusOf },
    {
      title: <span className="visually-hidden">Actions</span>,
      key: 'actions',
      render: (_, op) => <OperatorActions op={op} />,
    },
  ];
  return (
    <PageLayout title="Operators">
      {created ? (
        <CreatedOperator result={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateOperator onCreated={setCreated} />
      )}
      <Typography.Title level={2}>All operators</Typography.Title>
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(op) => op.id}
        caption="Operators, newest first"
        empty="No operator."
        exportName="operators"
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
      />
    </PageLayout>
  );
}

function OperatorActions({ op }: { op: OperatorInfo }) {
  const { operator: me } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const disable = useMutation({
    mutationFn: () => call<OperatorInfo>(ADMIN_API.operators.disable, { id: op.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operators'] }),
    onSettled: () => setConfirming(false),
  });
  const canDisable = op.disabledAt === null && op.id !== me?.id;
  return (
    <Space wrap>
      {canDisable && !confirming && (
        <Button onClick={() => setConfirming(true)} aria-label={`Disable ${op.email}`}>
          Disable
        </Button>
      )}
      {canDisable && confirming && (
        <>
          <Button
            danger
            type="primary"
            loading={disable.isPending}
            onClick={() => disable.mutate()}
            aria-label={`Confirm: disable ${op.email}`}
          >
            Confirm disable
          </Button>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
        </>
      )}
      {disable.isError && (
        <span className="error" role="alert">
          {disable.error.message}
        </span>
      )}
    </Space>
  );
}

function CreateOperator({ onCreated }: { onCreated: (result: OperatorCreateResult) => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: OperatorCreateBody) => call<OperatorCreateResult>(ADMIN_API.operators.create, body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['operators'] });
      onCreated(result);
    },
  });
  const submit = () => {
    if (password.length < OPERATOR_PASSWORD_MIN_LENGTH) {
      setFormError(`The password needs at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    setFormError(null);
    create.mutate({ email: email.trim(), password, role });
  };
  const error = formError ?? (create.isError ? create.error.message : null);
  return (
    <Card
      className="create"
      title={
        <h2 id="create-title" className="card-title">
          New operator
        </h2>
      }
    >
      <Form layout="vertical" onFinish={submit} aria-labelledby="create-title">
        <div className="create__fields">
          <Form.Item label="E-mail" htmlFor="new-email">
            <Input
              id="new-email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Form.Item>
          <Form.Item label={`Password (at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters)`} htmlFor="new-password">
            <Input.Password
              id="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Form.Item>
          <Form.Item label="Role" htmlFor="new-role">
            <Select
              id="new-role"
              value={role}
              onChange={setRole}
              options={OPERATOR_ROLES.map((r) => ({ value: r, label: r }))}
            />
          </Form.Item>
        </div>
        <ErrorAlert text={error} />
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create operator'}
        </Button>
      </Form>
    </Card>
  );
}

/** The new operator's TOTP secret, shown this once: as text and as a QR code drawn in the page. */
function CreatedOperator({ result, onDone }: { result: OperatorCreateResult; onDone: () => void }) {
  const qr = useMemo(() => qrPath(result.totpUri), [result.totpUri]);
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <Card
      className="created"
      title={
        <h2 id="created-title" className="card-title">
          Operator {result.operator.email} created
        </h2>
      }
    >
      <section aria-labelledby="created-title">
        <p>
          This authenticator secret is shown <strong>once</strong>. Give it to {result.operator.email} over a safe
          channel: they add it to an authenticator app by scanning the code or typing the secret.
        </p>
        <div className="created__secret">
          <svg
            className="qr"
            viewBox={`0 0 ${box} ${box}`}
            role="img"
            aria-label="QR code of the authenticator secret"
            shapeRendering="crispEdges"
          >
            <rect width={box} height={box} fill="#fff" />
            <path transform={`translate(${quiet} ${quiet})`} d={qr.d} fill="#000" />
          </svg>
          <Descriptions
            column={1}
            items={[
              {
                key: 'secret',
                label: 'Secret',
                children: (
                  <span className="mono" data-testid="totp-secret">
                    {result.totpSecret}
                  </span>
                ),
              },
              { key: 'role', label: 'Role', children: <Tag>{result.operator.role}</Tag> },
            ]}
          />
        </div>
        <Button type="primary" onClick={onDone}>
          Done: hide the secret
        </Button>
      </section>
    </Card>
  );
}
