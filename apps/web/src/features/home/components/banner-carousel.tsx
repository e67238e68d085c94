import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../../lib/browser/idle';
import { useHomeBanners } from '../hooks/use-home';
import { BannerLink } from './banner-link';
import '../../../lib/market/market.css';
import '../banners.css';

const BannerSwiper = lazy(() => import('./banner-swiper'));

/** The swiper's code (gestures, animation) is not needed before the first turn. */
const SWIPER_LOAD_DELAY_MS = 3000;

/**
 * The home banners (GET banner/list), turning every 5 s unless the user asks for less motion.
 * The first banner shows at once; the swiper that turns them loads a few seconds later, when the
 * browser is idle, and takes the first banner's place (same box, so nothing moves), though not
 * while the keyboard focus is on the banner (the link would vanish under it). Until the list
 * arrives the box keeps its place.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { banners, loading, autoplay, loop } = useHomeBanners();
  const [due, setDue] = useState(false);
  const [focused, setFocused] = useState(false);
  const several = banners.length > 1;
  useEffect(() => {
    if (!several) return undefined;
    let cancelIdle = () => {};
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => setDue(true));
    }, SWIPER_LOAD_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, [several]);
  const [swipe, setSwipe] = useState(false);
  if (due && !focused && !swipe) setSwipe(true);

  if (loading) return <div className="banners banners--pending" aria-hidden="true" />;
  const first = banners[0];
  if (!first) return null;
  const still = <BannerLink banner={first} priority />;
  return (
    <section
      className="banners"
      aria-label={t('market.banners')}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {swipe ? (
        <Suspense fallback={still}>
          <BannerSwiper banners={banners} autoplay={autoplay} loop={loop} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
