import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { CHAT_BODY_MAX } from '@app/contract';
import { IconCamera } from '../../../components/icons';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { toastError } from '../../../lib/feedback/toast';
import { IMAGE_TYPES, imageFileProblem } from '../../../lib/forms/image-file';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { loginPathFor, PATHS } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { useChat } from '../hooks/use-chat';
import { chatRows } from '../model/message-list';
import { useSupportText } from '../strings';
import { ChatMessageRow } from './chat-message';
import '../support.css';

export type ChatVariant = 'page' | 'full' | 'desk';

/** How close to the bottom (px) still counts as "at the newest message". */
const BOTTOM_SLACK = 48;

/**
 * The customer-service chat: who answers and the user's UID, the conversation (newest at the
 * bottom, older pages as the user scrolls up) and the composer. A visitor is asked to log in
 * first: the conversation is tied to the account's UID. `from` is the page support was opened from.
 */
export function SupportChat({ from, variant }: { from: string; variant: ChatVariant }) {
  const loggedIn = useSessionStore((st) => st.token !== null);
  return (
    <section className={`chat chat--${variant}`}>
      {loggedIn ? <Conversation from={from} variant={variant} /> : <LoginPrompt />}
    </section>
  );
}

function LoginPrompt() {
  const s = useSupportText();
  const { pathname, search } = useLocation();
  return (
    <div className="chat-login" data-testid="chat-login">
      <h2 className="chat-login__title">{s('loginTitle')}</h2>
      <p className="chat-login__text">{s('loginText')}</p>
      <div className="chat-login__actions">
        <Link className="button button--primary" to={loginPathFor(pathname + search)}>
          {s('logIn')}
        </Link>
        <Link className="button button--secondary" to={PATHS.register}>
          {s('register')}
        </Link>
      </div>
    </div>
  );
}

function Conversation({ from, variant }: { from: string; variant: ChatVariant }) {
  const s = useSupportText();
  const uid = useSessionStore((st) => st.user?.uid ?? null);
  const chat = useChat(from);
  const { list, status, loadOlder, loadingOlder, markSeen } = chat;
  const rows = chatRows(list);
  const log = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [seeingNewest, setSeeingNewest] = useState(true);
  /** The scroll height before older messages came in, to keep the user's place. */
  const heightBeforeOlder = useRef<number | null>(null);
  const headingId = useId();

  // Keeps the user's place when older messages are added above; follows the newest message otherwise.
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [rows.length, list.messages.at(-1)?.id, status]);

  // Scrolling up to the first message held asks for the page before it.
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !list.hasOlder || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (
          entries.some((e) => e.isIntersecting) &&
          log.current &&
          log.current.scrollHeight > log.current.clientHeight
        ) {
          heightBeforeOlder.current = log.current.scrollHeight;
          void loadOlder();
        }
      },
      { root: log.current },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [list.hasOlder, loadOlder, status]);

  // Support's messages the user can see (the newest in view, the page visible) are read.
  useEffect(() => {
    if (!seeingNewest || status !== 'ready') return;
    const mark = () => {
      if (document.visibilityState === 'visible') markSeen();
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [seeingNewest, status, list, markSeen]);

  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
    atBottom.current = bottom;
    if (bottom !== seeingNewest) setSeeingNewest(bottom);
  };

  const olderButton = () => {
    if (log.current) heightBeforeOlder.current = log.current.scrollHeight;
    void loadOlder();
  };

  return (
    <>
      <header className="chat__head">
        <h2 className="chat__title" id={headingId}>
          {s('heading')}
        </h2>
        {variant === 'full' ? null : <p className="chat__intro">{s('intro')}</p>}
        {uid ? (
          <p className="chat__uid">
            {s('uid')}:{' '}
            <span className="mono" data-testid="chat-uid">
              {uid}
            </span>
          </p>
        ) : null}
      </header>
      <div
        className="chat__log"
        ref={log}
        onScroll={onScroll}
        role="log"
        aria-labelledby={headingId}
        tabIndex={0}
        data-testid="chat-log"
      >
        {status === 'loading' ? <DelayedLoading /> : null}
        {status === 'error' ? <PageLoadError onRetry={() => void chat.reload()} /> : null}
        {status === 'ready' ? (
          <>
            <div ref={top} className="chat__older">
              {list.hasOlder ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={loadingOlder}
                  onClick={olderButton}
                >
                  {loadingOlder ? s('loadingOlder') : s('loadOlder')}
                </button>
              ) : rows.length > 0 ? (
                <p className="chat__start">{s('start')}</p>
              ) : null}
            </div>
            {rows.length === 0 ? (
              <div className="chat-empty" data-testid="chat-empty">
                <p className="chat-empty__title">{s('emptyTitle')}</p>
                <p className="chat-empty__text">{s('emptyText')}</p>
              </div>
            ) : (
              <ol className="chat__messages" aria-label={s('messages')}>
                {rows.map((row) => (
                  <ChatMessageRow
                    key={row.key}
                    row={row}
                    onRetry={(id) => void chat.retry(id)}
                    onDiscard={chat.discard}
                  />
                ))}
              </ol>
            )}
          </>
        ) : null}
      </div>
      <Composer
        disabled={status !== 'ready'}
        onSend={(body, file) => {
          atBottom.current = true;
          setSeeingNewest(true);
          chat.send(body, file);
        }}
      />
    </>
  );
}

/** The text and the picture of the next message; Enter sends, Shift+Enter starts a new line. */
function Composer({ disabled, onSend }: { disabled: boolean; onSend: (body: string, file: File | null) => void }) {
  const s = useSupportText();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const body = text.trim();
  const tooLong = [...body].length > CHAT_BODY_MAX;
  const canSend = !disabled && !tooLong && (body.length > 0 || file !== null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(body, file);
    setText('');
    setFile(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="chat-composer" onSubmit={submit} data-testid="chat-composer">
      {preview ? (
        <div className="chat-composer__picture">
          <img src={preview} alt={s('picture')} />
          <button type="button" className="button button--secondary button--small" onClick={() => setFile(null)}>
            {s('removePicture')}
          </button>
        </div>
      ) : null}
      {tooLong ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {s('tooLong', { max: CHAT_BODY_MAX })}
        </p>
      ) : null}
      <div className="chat-composer__row">
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={disabled}
          data-testid="chat-file"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (!chosen) return;
            const problem = imageFileProblem(chosen);
            if (problem) toastError(catalogMessage(problem));
            else setFile(chosen);
          }}
        />
        <label className="chat-composer__attach icon-button" htmlFor={`${id}-file`} title={s('attach')}>
          <IconCamera />
          <span className="visually-hidden">{s('attach')}</span>
        </label>
        <label className="visually-hidden" htmlFor={`${id}-text`}>
          {s('message')}
        </label>
        <textarea
          id={`${id}-text`}
          className="chat-composer__text"
          rows={1}
          value={text}
          placeholder={s('placeholder')}
          disabled={disabled}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary chat-composer__send" disabled={!canSend}>
          {s('send')}
        </button>
      </div>
    </form>
  );
}
