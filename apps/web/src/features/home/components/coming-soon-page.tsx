import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/page-state';
import { COMING_SOON, type ShortcutKey } from './shortcuts';

/** The "not available yet" page of a home shortcut without a screen (?feature=vip …). */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const feature = params.get('feature') as ShortcutKey | null;
  if (!feature || !COMING_SOON.includes(feature)) return <NotAvailable />;
  return <NotAvailable title={t('comingSoon.title', { feature: t(`home.${feature}`) })} text={t('comingSoon.text')} />;
}
