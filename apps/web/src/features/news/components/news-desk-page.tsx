import { useSearchParams } from 'react-router';
import type { NewsKind } from '@app/contract';
import { DesktopTabs, desktopTabPanel } from '../../../components/desktop-tabs';
import { DESKTOP_PATHS } from '../../../lib/routing/paths';
import { useNewsDetail } from '../api';
import { useNewsText } from '../strings';
import { EconomicCalendar } from './economic-calendar';
import { tabOf } from './news-pages';
import { NewsArticle, NewsList } from './news-parts';

const KINDS: readonly NewsKind[] = ['news', 'announcement'];

/** Desktop `news/index`: the list (News | Announcements), the chosen post beside it, the calendar on the right. */
export function NewsDeskPage() {
  const w = useNewsText();
  const [params, setParams] = useSearchParams();
  const kind = tabOf(params.get('tab'), KINDS) as NewsKind;
  const id = params.get('id');
  const detail = useNewsDetail(id);
  const linkTo = (postId: string) => `${DESKTOP_PATHS.news}?tab=${kind}&id=${encodeURIComponent(postId)}`;
  return (
    <div className="desk-page news-desk">
      <section className="desk-panel news-desk__list" aria-label={w('tabs')}>
        <DesktopTabs
          label={w('tabs')}
          idPrefix="news-desk"
          items={KINDS.map((key) => ({ key, label: key === 'news' ? w('news') : w('announcements') }))}
          value={kind}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
        <div {...desktopTabPanel('news-desk', kind)}>
          <NewsList key={kind} kind={kind} linkTo={linkTo} selectedId={id} />
        </div>
      </section>
      <section className="desk-panel news-desk__reader" aria-label={detail.data?.title ?? w('choose')}>
        {detail.data ? (
          <NewsArticle post={detail.data} headingLevel={2} />
        ) : (
          <p className="news-empty">{w('choose')}</p>
        )}
      </section>
      <section className="desk-panel news-desk__calendar news-calendar" aria-labelledby="news-calendar-title">
        <h2 id="news-calendar-title" className="desk-panel__title">
          {w('calendarTitle')}
        </h2>
        <EconomicCalendar />
      </section>
    </div>
  );
}
