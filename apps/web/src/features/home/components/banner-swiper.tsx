import { Swiper } from 'antd-mobile';
import type { Banner } from '@app/contract';
import { BannerLink } from './banner-link';

const AUTOPLAY_MS = 5000;

/**
 * The turning banners: antd-mobile's Swiper, with its gesture and animation libraries (about
 * 20 KB gzip), loaded by BannerCarousel after the page has shown its first banner.
 */
export default function BannerSwiper({
  banners,
  autoplay,
  loop,
}: {
  banners: Banner[];
  autoplay: boolean;
  loop: boolean;
}) {
  return (
    <Swiper autoplay={autoplay} autoplayInterval={AUTOPLAY_MS} loop={loop}>
      {banners.map((banner, i) => (
        <Swiper.Item key={banner.id}>
          <BannerLink banner={banner} priority={i === 0} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
