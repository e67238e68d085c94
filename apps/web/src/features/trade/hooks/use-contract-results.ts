import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Contract, ContractSettlement, TypeUser } from '@app/contract';
import { contractDetailKey, getContractDetail } from '../api/get-contract-detail';
import { useOrderEvents } from './use-order-events';

/** How long a result stays on screen unless dismissed. */
export const RESULT_NOTICE_MS = 12_000;
/** At most this many results at once; older ones give way. */
const MAX_NOTICES = 3;

/** One settled contract to announce: the contract when known (placed or viewed here), else what settling said. */
export interface ContractResult {
  key: string;
  settlement: ContractSettlement;
  contract: Contract | undefined;
}

/** The contract behind a settlement: from the cache when this tab saw it, else asked of the server. */
async function contractOf(
  client: QueryClient,
  typeUser: TypeUser,
  s: ContractSettlement,
): Promise<Contract | undefined> {
  const cached = client.getQueryData<Contract>(contractDetailKey(typeUser, s.id));
  if (cached) return cached;
  try {
    return await getContractDetail(s.id);
  } catch {
    // The notice still tells the result; only the instrument and direction are missing.
    return undefined;
  }
}

/**
 * The app-wide listener of the user's order events (use-order-events, mounted once by the
 * shell), and the results of settled contracts to show wherever the user is, each for
 * `RESULT_NOTICE_MS` (longer while hovered or focused) or until dismissed.
 */
export function useContractResults() {
  const client = useQueryClient();
  const [results, setResults] = useState<ContractResult[]>([]);
  const timers = useRef(new Map<string, number>());
  // While the pointer or focus is on a notice, none goes away by itself (WCAG 2.2.1): the timer
  // runs again from the start instead.
  const paused = useRef(false);

  const dismiss = useCallback((key: string) => {
    window.clearTimeout(timers.current.get(key));
    timers.current.delete(key);
    setResults((list) => list.filter((r) => r.key !== key));
  }, []);

  const schedule = useCallback(
    (key: string) => {
      timers.current.set(
        key,
        window.setTimeout(() => (paused.current ? schedule(key) : dismiss(key)), RESULT_NOTICE_MS),
      );
    },
    [dismiss],
  );

  const pause = useCallback((on: boolean) => {
    paused.current = on;
  }, []);

  useOrderEvents((typeUser, settled) => {
    for (const s of settled) {
      const key = `${typeUser}:${String(s.id)}`;
      void contractOf(client, typeUser, s).then((contract) => {
        if (timers.current.has(key)) return;
        schedule(key);
        setResults((list) =>
          [...list.filter((r) => r.key !== key), { key, settlement: s, contract }].slice(-MAX_NOTICES),
        );
      });
    }
  });

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { results, dismiss, pause };
}
