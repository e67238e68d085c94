import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HELP_CATEGORIES, type HelpArticleSummary, type HelpCategory } from '@app/contract';
import { DelayedLoading, NotFound } from '../../../components/page-state';
import { SearchField } from '../../../components/search-field';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/routing/paths';
import { useHelpArticle, useHelpCategories, useHelpList, useHelpSearch } from '../api';
import { useHelpText } from '../strings';
import { Paragraphs } from './paragraphs';
import '../help.css';

const SEARCH_DELAY_MS = 300;
const categoryOf = (value: string | null): HelpCategory | null => HELP_CATEGORIES.find((c) => c === value) ?? null;
const articlePath = (id: string) => `${PATHS.helpCenter}?id=${encodeURIComponent(id)}`;
const categoryPath = (c: HelpCategory) => `${PATHS.helpCenter}?category=${c}`;

function ArticleLinks({ items, label }: { items: readonly HelpArticleSummary[]; label: string }) {
  return (
    <ul className="help-list" aria-label={label}>
      {items.map((a) => (
        <li key={a.id} className="help-list__item">
          <Link className="help-list__link" to={articlePath(a.id)}>
            {a.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Categories() {
  const w = useHelpText();
  const cats = useHelpCategories();
  if (!cats.data) return <DelayedLoading />;
  return (
    <section aria-labelledby="help-categories">
      <h2 id="help-categories" className="help-heading">
        {w('categories')}
      </h2>
      <ul className="help-categories">
        {cats.data.map((c) => (
          <li key={c.category}>
            <Link className="help-category" to={categoryPath(c.category)}>
              <span className="help-category__name">{w(`cat.${c.category}`)}</span>
              <span className="help-category__count">{w('count', { count: c.count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryArticles({ category }: { category: HelpCategory }) {
  const w = useHelpText();
  const list = useHelpList(category);
  return (
    <section aria-labelledby="help-category-title">
      <Link className="help-back" to={PATHS.helpCenter}>
        {w('all')}
      </Link>
      <h2 id="help-category-title" className="help-heading">
        {w(`cat.${category}`)}
      </h2>
      {!list.data ? (
        <DelayedLoading />
      ) : list.data.items.length ? (
        <ArticleLinks items={list.data.items} label={w(`cat.${category}`)} />
      ) : (
        <p className="help-empty">{w('empty')}</p>
      )}
    </section>
  );
}

function Article({ id }: { id: string }) {
  const w = useHelpText();
  const article = useHelpArticle(id);
  if (article.isError) return <NotFound />;
  if (!article.data) return <DelayedLoading />;
  const a = article.data;
  return (
    <article className="help-article">
      <Link className="help-back" to={categoryPath(a.category)}>
        {w(`cat.${a.category}`)}
      </Link>
      <h2 className="help-article__title">{a.title}</h2>
      {a.fallback && <p className="help-note">{w('fallback')}</p>}
      <Paragraphs text={a.body} />
      <p className="help-meta">
        <time dateTime={new Date(a.updatedAt).toISOString()}>{formatDateTime(a.updatedAt)}</time>
      </p>
    </article>
  );
}

function SearchResults({ q }: { q: string }) {
  const w = useHelpText();
  const found = useHelpSearch(q);
  return (
    <section aria-labelledby="help-results" aria-live="polite">
      <h2 id="help-results" className="help-heading">
        {w('results')}
      </h2>
      {!found.data ? (
        <DelayedLoading />
      ) : found.data.items.length ? (
        <ArticleLinks items={found.data.items} label={w('results')} />
      ) : (
        <p className="help-empty">{w('noResults', { q })}</p>
      )}
    </section>
  );
}

/** `profile/helper-center`: categories, search, a category's articles (`?category=`) and an article (`?id=`); both layouts. */
export function HelpCenterPage() {
  const w = useHelpText();
  const [params] = useSearchParams();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  // Opening an article or a category (a link, back, forward) ends the search.
  const place = params.toString();
  useEffect(() => {
    setTyped('');
    setQ('');
  }, [place]);
  const id = params.get('id');
  const category = categoryOf(params.get('category'));
  let body;
  if (q) body = <SearchResults q={q} />;
  else if (id) body = <Article id={id} />;
  else if (category) body = <CategoryArticles category={category} />;
  else body = <Categories />;
  return (
    <div className="help-page">
      <SearchField
        label={w('search')}
        placeholder={w('searchHint')}
        value={typed}
        onChange={setTyped}
        maxLength={100}
        enterKeyHint="search"
      />
      {body}
    </div>
  );
}
