import { useSearchParams } from 'react-router';
import type { NewsKind } from '@app/contract';
import { DelayedLoading, NotFound } from '../../../components/page-state';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { PATHS } from '../../../lib/routing/paths';
import { useNewsDetail } from '../api';
import { useNewsText } from '../strings';
import { EconomicCalendar } from './economic-calendar';
import { NewsArticle, NewsList } from './news-parts';
import '../news.css';

export type NewsTab = NewsKind | 'calendar';
const TABS: readonly NewsTab[] = ['news', 'announcement', 'calendar'];

/** The tab a link asks for (`?tab=announcement`: the home's Announcements shortcut), news otherwise. */
export function tabOf(value: string | null, allowed: readonly NewsTab[] = TABS): NewsTab {
  return allowed.find((t) => t === value) ?? 'news';
}

export const newsDetailPath = (id: string) => `${PATHS.newsDetail}?id=${encodeURIComponent(id)}`;

/** Mobile `news/index`: News | Announcements | Calendar. */
export function NewsPage() {
  const w = useNewsText();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const label: Record<NewsTab, string> = { news: w('news'), announcement: w('announcements'), calendar: w('calendar') };
  return (
    <div className="news-page">
      <TabList
        label={w('tabs')}
        idPrefix="news"
        items={TABS.map((key) => ({ key, label: label[key] }))}
        value={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      />
      <section
        {...tabPanelProps('news', tab)}
        className={tab === 'calendar' ? 'news-calendar news-calendar--phone' : 'news-panel'}
      >
        {tab === 'calendar' ? <EconomicCalendar /> : <NewsList key={tab} kind={tab} linkTo={newsDetailPath} />}
      </section>
    </div>
  );
}

/** Mobile `news/detail?id=`: one post. */
export function NewsDetailPage() {
  const [params] = useSearchParams();
  const detail = useNewsDetail(params.get('id'));
  if (!params.get('id') || detail.isError) return <NotFound />;
  if (!detail.data) return <DelayedLoading />;
  return (
    <div className="news-page news-page--detail">
      <NewsArticle post={detail.data} />
    </div>
  );
}
