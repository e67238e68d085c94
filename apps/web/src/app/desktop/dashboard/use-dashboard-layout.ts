import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type DashboardLayout } from '@app/contract';
import { apiGet, apiPost } from '../../../lib/api/api-client';
import { getSession, useSessionStore } from '../../../lib/session/session-store';
import { STORAGE_KEYS } from '../../../lib/session/storage';
import { DEFAULT_LAYOUT, normalizeLayout } from './layout-model';

/** Changes made within this time are saved in one request. */
const SAVE_DELAY_MS = 400;

const layoutKey = (token: string | null) => ['user', 'dashboard-layout', token] as const;

/** The signed-in user's arrangement (GET user/dashboard-layout), merged with the panels this version knows. */
async function fetchLayout(): Promise<DashboardLayout> {
  return normalizeLayout(await apiGet<DashboardLayout | null>(API.user.dashboardLayout, undefined, { silent: true }));
}

function readVisitorLayout(): DashboardLayout {
  try {
    return normalizeLayout(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.dashboardLayout) ?? 'null'));
  } catch {
    return DEFAULT_LAYOUT;
  }
}

/** The arrangement shown and how to change it (useDashboardLayout). */
export interface DashboardArrangement {
  layout: DashboardLayout;
  /** False while a signed-in user's arrangement is loading (the default shows meanwhile). */
  ready: boolean;
  signedIn: boolean;
  change: (next: DashboardLayout) => void;
}

interface PendingSave {
  token: string;
  layout: DashboardLayout;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The dashboard's arrangement and how to change it. A signed-in user's comes from the server and
 * every change is applied at once and saved after SAVE_DELAY_MS (a failed save is toasted and the
 * stored one read again); a visitor's lives in this browser's localStorage. `ready` is false while
 * a user's is loading (the default is shown meanwhile).
 */
export function useDashboardLayout(): DashboardArrangement {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const query = useQuery({
    queryKey: layoutKey(token),
    queryFn: fetchLayout,
    enabled: token !== null,
    staleTime: Infinity,
  });
  const [visitorLayout, setVisitorLayout] = useState(readVisitorLayout);
  // The user's latest change, shown in the same render (the query's copy notifies a moment later);
  // dropped when its save fails, so the stored arrangement shows again.
  const [changed, setChanged] = useState<{ token: string; layout: DashboardLayout } | null>(null);
  const pending = useRef<PendingSave | null>(null);

  const flush = useCallback(() => {
    const save = pending.current;
    if (!save) return;
    clearTimeout(save.timer);
    pending.current = null;
    // Logged out or another user since: the change is not theirs to save.
    if (getSession().token !== save.token) return;
    apiPost<DashboardLayout>(API.user.dashboardLayout, save.layout).catch(() => {
      setChanged(null);
      return client.invalidateQueries({ queryKey: layoutKey(save.token) });
    });
  }, [client]);
  // Leaving the dashboard sends a change still waiting.
  useEffect(() => flush, [flush]);

  const change = useCallback(
    (next: DashboardLayout) => {
      if (token === null) {
        setVisitorLayout(next);
        try {
          window.localStorage.setItem(STORAGE_KEYS.dashboardLayout, JSON.stringify(next));
        } catch {
          // Storage full or blocked: the arrangement lasts as long as the page.
        }
        return;
      }
      setChanged({ token, layout: next });
      client.setQueryData(layoutKey(token), next);
      if (pending.current && pending.current.token !== token) flush();
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { token, layout: next, timer: setTimeout(flush, SAVE_DELAY_MS) };
    },
    [client, token, flush],
  );

  if (token === null) return { layout: visitorLayout, ready: true, signedIn: false, change };
  const layout = (changed?.token === token ? changed.layout : query.data) ?? DEFAULT_LAYOUT;
  return { layout, ready: !query.isPending, signedIn: true, change };
}
