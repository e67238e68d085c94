import { useEffect, useState } from 'react';
import type { ChatMessage } from '@app/contract';
import { dateTimeAttribute, formatDateTime } from '../../../lib/format/date';
import { fetchPrivateImage } from '../api/chat';
import type { ChatRow } from '../model/message-list';
import { useSupportText } from '../strings';

/** A picture of the conversation: the user's private upload, fetched with the session's headers. */
function ChatPicture({ path }: { path: string }) {
  const s = useSupportText();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetchPrivateImage(path, controller.signal)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  if (failed) return <span className="chat-bubble__picture-failed">{s('pictureFailed')}</span>;
  if (!url)
    return <span className="chat-bubble__picture chat-bubble__picture--loading" role="img" aria-label={s('picture')} />;
  return <img className="chat-bubble__picture" src={url} alt={s('pictureAlt')} />;
}

interface RowProps {
  row: ChatRow<ChatMessage>;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

/** One message: the user's on the right with its state (sending, not sent, sent, read), support's on the left. */
export function ChatMessageRow({ row, onRetry, onDiscard }: RowProps) {
  const s = useSupportText();
  const mine = row.kind === 'outgoing' || row.message.author === 'user';
  const m = row.message;
  const picture =
    row.kind === 'message' ? (
      row.message.image ? (
        <ChatPicture path={row.message.image} />
      ) : null
    ) : row.message.localImage ? (
      <img className="chat-bubble__picture" src={row.message.localImage} alt={s('pictureAlt')} />
    ) : null;
  let state: string;
  if (row.kind === 'outgoing') state = row.message.state === 'pending' ? s('sending') : s('failed');
  else state = mine ? (row.read ? s('read') : s('sent')) : '';
  const failed = row.kind === 'outgoing' && row.message.state === 'failed';
  return (
    <li
      className={`chat-row chat-row--${mine ? 'mine' : 'theirs'}`}
      data-testid="chat-message"
      data-state={row.kind === 'outgoing' ? row.message.state : row.read ? 'read' : 'sent'}
    >
      <div className={`chat-bubble${failed ? ' chat-bubble--failed' : ''}`}>
        <span className="visually-hidden">{mine ? s('you') : s('support')}: </span>
        {picture}
        {m.body ? <p className="chat-bubble__text">{m.body}</p> : null}
      </div>
      <div className="chat-row__meta">
        <time dateTime={dateTimeAttribute(m.createdAt)}>{formatDateTime(m.createdAt)}</time>
        {state ? (
          <span
            className={`chat-row__state${row.kind === 'message' && row.read ? ' chat-row__state--read' : ''}`}
            data-testid="chat-state"
          >
            {state}
          </span>
        ) : null}
      </div>
      {failed ? (
        <div className="chat-row__actions">
          {row.message.error ? <p className="chat-row__error">{row.message.error}</p> : null}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onRetry(row.message.clientId)}
          >
            {s('retry')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onDiscard(row.message.clientId)}
          >
            {s('discard')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
