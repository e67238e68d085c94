import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router';
import type { AppDownload } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { PATHS } from '../../../lib/routing/paths';
import { useAppQr } from '../api/get-app-qr';
import { useAppVersionText } from '../strings';
import '../app-version.css';

/** Quiet zone around a code, in modules: the four the QR standard asks for. */
const QR_MARGIN = 4;

/** /pages/profile/app-download (docs/product.md §2 profile "app download"): a QR code per published download, or a clear empty state. */
export function AppDownloadPage() {
  const a = useAppVersionText();
  const downloads = useAppQr();
  if (downloads.isError) return <PageLoadError onRetry={() => void downloads.refetch()} />;
  if (!downloads.data) return <DelayedLoading />;
  return (
    <div className="app-version-page">
      {downloads.data.length === 0 ? (
        <section className="app-version-card" data-testid="app-download-empty">
          <p>{a('download.empty')}</p>
          <Link className="button button--secondary" to={PATHS.appVersion}>
            {a('version.current')}
          </Link>
        </section>
      ) : (
        <>
          <p className="app-version-page__intro">{a('download.intro')}</p>
          <ul className="app-download-list">
            {downloads.data.map((d) => (
              <DownloadCard key={`${d.platform}-${d.url}`} download={d} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function DownloadCard({ download }: { download: AppDownload }) {
  const a = useAppVersionText();
  return (
    <li className="app-version-card app-download" data-testid="app-download">
      <QRCodeSVG
        value={download.url}
        size={176}
        level="M"
        boostLevel={false}
        marginSize={QR_MARGIN}
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={a('download.qrOf', { label: download.label })}
        className="app-download__qr"
      />
      <div className="app-download__text">
        <h2 className="app-download__label">{download.label}</h2>
        <p className="app-download__platform">{a(`download.platforms.${download.platform}`)}</p>
        <a
          className="app-download__link"
          href={download.url}
          rel="noopener noreferrer"
          target="_blank"
          aria-label={a('download.open', { label: download.label })}
        >
          {download.url}
        </a>
      </div>
    </li>
  );
}
