import { Link } from 'react-router';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@app/contract';
import { useHomeBanners } from '../hooks/use-home';
import { isExternalLink } from '../model/overview';
import '../../../lib/market/market.css';
import '../banners.css';

const AUTOPLAY_MS = 5000;

/** The home banners (GET banner/list), turning every 5 s unless the user asks for less motion. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { banners, autoplay, loop } = useHomeBanners();
  if (banners.length === 0) return null;
  return (
    <section className="banners" aria-label={t('market.banners')}>
      <Swiper autoplay={autoplay} autoplayInterval={AUTOPLAY_MS} loop={loop}>
        {banners.map((banner) => (
          <Swiper.Item key={banner.id}>
            <BannerLink banner={banner} />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}

/** One banner: its artwork with the (translated) title over it; opens an app route or an https page. */
function BannerLink({ banner }: { banner: Banner }) {
  const content = (
    <>
      <img className="banner__image" src={banner.image} alt="" width={800} height={400} />
      <span className="banner__title">{banner.title}</span>
    </>
  );
  if (isExternalLink(banner.link)) {
    return (
      <a className="banner" href={banner.link} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <Link className="banner" to={banner.link}>
      {content}
    </Link>
  );
}
