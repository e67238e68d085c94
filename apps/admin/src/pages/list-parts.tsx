import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form, Input, Select } from 'antd';
import { uidFilter } from '../withdrawal-forms';
import { ErrorAlert, Field } from '../ui/form';

/**
 * A list's state and user filter as the address bar keeps them (`?state=…&uid=…`). `fallback` is
 * the state shown when none is asked (left out of the address); without one, all states.
 */
export function useStateUidParams<S extends string>(states: readonly S[], fallback?: S) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state: S | undefined = states.find((s) => s === asked) ?? fallback;
  const uid = params.get('uid') ?? undefined;
  const show = (nextState: S | undefined, nextUid: string | undefined) => {
    const next = new URLSearchParams();
    if (nextState && nextState !== fallback) next.set('state', nextState);
    if (nextUid) next.set('uid', nextUid);
    setParams(next);
  };
  return { state, uid, key: `${state ?? ''}:${uid ?? ''}`, show };
}

interface FilterProps<S extends string> {
  /** The form's accessible name, e.g. "Filter withdrawals". */
  name: string;
  /** Prefix of the fields' ids. */
  id: string;
  states: readonly S[];
  labels: Record<S, string>;
  state: S | undefined;
  uid: string | undefined;
  /** When given, a first option for every state (its label). */
  all?: string;
  onShow: (state: S | undefined, uid: string | undefined) => void;
}

/** A list's filter, applied by the server: a state and a user (a UID is 8 digits, or empty for all users). */
export function StateUidFilter<S extends string>({
  name,
  id,
  states,
  labels,
  state,
  uid,
  all,
  onShow,
}: FilterProps<S>) {
  const [draftState, setDraftState] = useState<S | ''>(state ?? '');
  const [draftUid, setDraftUid] = useState(uid ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const found = uidFilter(draftUid);
    if ('problem' in found) return setProblem(found.problem);
    setProblem(null);
    onShow(draftState || undefined, found.uid);
  };
  const options = [
    ...(all !== undefined ? [{ value: '', label: all }] : []),
    ...states.map((s) => ({ value: s, label: labels[s] })),
  ];
  return (
    <>
      <Form className="search" layout="vertical" onFinish={submit} role="search" aria-label={name}>
        <Form.Item label="State" htmlFor={`${id}-state`} className="search__narrow">
          <Select id={`${id}-state`} value={draftState} onChange={(v: S | '') => setDraftState(v)} options={options} />
        </Form.Item>
        <Field id={id} label="User UID (empty for all)" className="search__narrow">
          {(p) => (
            <Input
              {...p}
              aria-invalid={problem ? true : undefined}
              value={draftUid}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              onChange={(e) => setDraftUid(e.target.value)}
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit">
          Show
        </Button>
      </Form>
      <ErrorAlert text={problem} />
    </>
  );
}
