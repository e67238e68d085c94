import { useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API, OPERATOR_PASSWORD_MIN_LENGTH, OPERATOR_ROLES,
  type OperatorCreateBody, type OperatorCreateResult, type OperatorInfo, type OperatorList, type OperatorRole,
} from '@app/contract';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { qrPath } from '../qr';
import { PagedTable } from './pager';

const PAGE_SIZE = 20;

export function OperatorsPage() {
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<OperatorCreateResult | null>(null);
  const list = useQuery({
    queryKey: ['operators', page],
    queryFn: () => call<OperatorList>(`${ADMIN_API.operators.list}${queryString({ page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="page">
      <h1>Operators</h1>
      {created ? <CreatedOperator result={created} onDone={() => setCreated(null)} /> : <CreateOperator onCreated={setCreated} />}
      <h2>All operators</h2>
      <PagedTable query={list} caption="Operators, newest first" onPage={setPage}
        head={<><th scope="col">Id</th><th scope="col">E-mail</th><th scope="col">Role</th><th scope="col">Created</th><th scope="col">Status</th><th scope="col"><span className="visually-hidden">Actions</span></th></>}>
        {(items) => items.map((op) => <OperatorRow key={op.id} op={op} />)}
      </PagedTable>
    </section>
  );
}

function OperatorRow({ op }: { op: OperatorInfo }) {
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
    <tr>
      <td className="mono">{op.id}</td>
      <td>{op.email}</td>
      <td>{op.role}</td>
      <td className="nowrap">{formatTime(op.createdAt)}</td>
      <td>{op.disabledAt === null ? 'Active' : `Disabled ${formatTime(op.disabledAt)}`}</td>
      <td>
        <div className="actions">
        {canDisable && !confirming && (
          <button type="button" className="button button--quiet" onClick={() => setConfirming(true)} aria-label={`Disable ${op.email}`}>Disable</button>
        )}
        {canDisable && confirming && (
          <>
            <button type="button" className="button button--danger" disabled={disable.isPending} onClick={() => disable.mutate()} aria-label={`Confirm: disable ${op.email}`}>
              Confirm disable
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>Cancel</button>
          </>
        )}
          {disable.isError && <span className="error" role="alert">{disable.error.message}</span>}
        </div>
      </td>
    </tr>
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < OPERATOR_PASSWORD_MIN_LENGTH) {
      setFormError(`The password needs at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    setFormError(null);
    create.mutate({ email: email.trim(), password, role });
  };
  const error = formError ?? (create.isError ? create.error.message : null);
  return (
    <form className="card create" onSubmit={submit} noValidate aria-labelledby="create-title">
      <h2 id="create-title">New operator</h2>
      <div className="create__fields">
        <label className="field"><span>E-mail</span><input type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} /></label>
        <label className="field">
          <span>Password (at least {OPERATOR_PASSWORD_MIN_LENGTH} characters)</span>
          <input type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
          </select>
        </label>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" className="button" disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create operator'}</button>
    </form>
  );
}

/** The new operator's TOTP secret, shown this once: as text and as a QR code drawn in the page. */
function CreatedOperator({ result, onDone }: { result: OperatorCreateResult; onDone: () => void }) {
  const qr = useMemo(() => qrPath(result.totpUri), [result.totpUri]);
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <section className="card created" aria-labelledby="created-title">
      <h2 id="created-title">Operator {result.operator.email} created</h2>
      <p>
        This authenticator secret is shown <strong>once</strong>. Give it to {result.operator.email} over a safe channel:
        they add it to an authenticator app by scanning the code or typing the secret.
      </p>
      <div className="created__secret">
        <svg className="qr" viewBox={`0 0 ${box} ${box}`} role="img" aria-label="QR code of the authenticator secret" shapeRendering="crispEdges">
          <rect width={box} height={box} fill="#fff" />
          <path transform={`translate(${quiet} ${quiet})`} d={qr.d} fill="#000" />
        </svg>
        <dl>
          <dt>Secret</dt>
          <dd className="mono" data-testid="totp-secret">{result.totpSecret}</dd>
          <dt>Role</dt>
          <dd>{result.operator.role}</dd>
        </dl>
      </div>
      <button type="button" className="button" onClick={onDone}>Done: hide the secret</button>
    </section>
  );
}
