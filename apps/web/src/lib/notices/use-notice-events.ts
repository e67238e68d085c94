import { useEffect, useRef } from 'react';
import { subscribeNotices, type NoticeStreamEvent } from './listeners';

/** Calls `handler` with this tab's events of these types while the component is mounted (the latest handler). */
export function useNoticeEvents<T = unknown>(
  types: string | readonly string[],
  handler: (event: NoticeStreamEvent<T>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = typeof types === 'string' ? types : types.join(',');
  useEffect(() => subscribeNotices<T>(key.split(','), (event) => latest.current(event)), [key]);
}
