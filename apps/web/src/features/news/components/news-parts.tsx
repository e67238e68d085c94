import { Link } from 'react-router';
import type { NewsDetail, NewsItem, NewsKind } from '@app/contract';
import { PageLoadError } from '../../../components/page-state';
import { dateTimeAttribute, formatDateTime } from '../../../lib/format/date';
import { useNewsList } from '../api';
import { useNewsText } from '../strings';

/** One post in a list: a link to where it is read (the phone's detail page, or beside the list on desktop). */
function NewsRow({ item, to, selected }: { item: NewsItem; to: string; selected?: boolean }) {
  return (
    <li className={`news-list__item${selected ? ' is-selected' : ''}`}>
      <Link className="news-list__link" to={to} aria-current={selected ? 'true' : undefined} lang={item.lang}>
        <span className="news-list__title">{item.title}</span>
        {item.summary ? <span className="news-list__summary">{item.summary}</span> : null}
        <time className="news-list__date" dateTime={dateTimeAttribute(item.publishAt)}>
          {formatDateTime(item.publishAt)}
        </time>
      </Link>
    </li>
  );
}

/** Published posts of one kind, newest first, with "Show more" while there are more. */
export function NewsList({
  kind,
  linkTo,
  selectedId,
}: {
  kind: NewsKind;
  linkTo: (id: string) => string;
  selectedId?: string | null;
}) {
  const w = useNewsText();
  const list = useNewsList(kind);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return null;
  if (list.isError) return <PageLoadError onRetry={() => void list.refetch()} />;
  if (items.length === 0)
    return (
      <p className="news-empty" role="status">
        {w('empty')}
      </p>
    );
  return (
    <>
      <ul className="news-list" data-testid={`news-list-${kind}`}>
        {items.map((item) => (
          <NewsRow key={item.id} item={item} to={linkTo(item.id)} selected={item.id === selectedId} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary news-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {w('more')}
        </button>
      ) : null}
    </>
  );
}

/** A post's text: plain paragraphs (no HTML: React escapes every character), its image and link. */
export function NewsArticle({ post, headingLevel = 1 }: { post: NewsDetail; headingLevel?: 1 | 2 }) {
  const w = useNewsText();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const paragraphs = post.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const external = post.link?.startsWith('https://') ?? false;
  return (
    <article className="news-article" lang={post.lang} data-testid="news-article">
      <Heading className="news-article__title">{post.title}</Heading>
      <time className="news-article__date" dateTime={dateTimeAttribute(post.publishAt)}>
        {formatDateTime(post.publishAt)}
      </time>
      {post.fallback ? (
        <p className="news-article__fallback" role="note" data-testid="news-fallback">
          {w('fallback')}
        </p>
      ) : null}
      {post.image ? <img className="news-article__image" src={post.image} alt="" /> : null}
      {paragraphs.map((p, i) => (
        <p key={i} className="news-article__paragraph">
          {p.split('\n').map((line, j) => (j === 0 ? line : [<br key={j} />, line]))}
        </p>
      ))}
      {post.link ? (
        external ? (
          <a className="button button--secondary" href={post.link} target="_blank" rel="noopener noreferrer">
            {w('open')}
          </a>
        ) : (
          <Link className="button button--secondary" to={post.link}>
            {w('open')}
          </Link>
        )
      ) : null}
    </article>
  );
}
