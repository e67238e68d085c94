import { Link } from 'react-router';
import type { Banner } from '@app/contract';
import { isExternalLink } from '../model/overview';

/** One banner: its artwork with the (translated) title over it; opens an app route or an https page. */
export function BannerLink({ banner, priority = false }: { banner: Banner; priority?: boolean }) {
  const content = (
    <>
      <img
        className="banner__image"
        src={banner.image}
        alt=""
        width={800}
        height={400}
        // The first banner is the largest thing on the home page: fetched before the others.
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
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
