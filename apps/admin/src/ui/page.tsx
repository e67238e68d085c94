import type { ReactNode } from 'react';
import { Link, useHref, useNavigate } from 'react-router';
import { Button, Typography } from 'antd';

/** A page: its heading, and a way back where it is one item of a list. */
export function PageLayout({
  title,
  back,
  children,
}: {
  title: ReactNode;
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <section className="page">
      {back && (
        <p>
          <Link to={back.to}>← {back.label}</Link>
        </p>
      )}
      <Typography.Title level={1}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/**
 * The views of a page as links, each its own address (`/withdrawals`, `/withdrawals/fees`): a
 * navigation, not antd's Tabs (which switch panels inside one address and are buttons).
 */
export function PageTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: ReadonlyArray<{ to: string; label: string }>;
  current: string;
}) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((t) => (
        <Link key={t.to} to={t.to} className="tabs__link" aria-current={t.to === current ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/** A link that looks like antd's button (an address, so a link): followed inside the app, opened elsewhere with the browser's own ways. */
export function LinkButton({ to, type, children }: { to: string; type?: 'primary' | 'default'; children: ReactNode }) {
  const href = useHref(to);
  const navigate = useNavigate();
  return (
    <Button
      type={type}
      href={href}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        void navigate(to);
      }}
    >
      {children}
    </Button>
  );
}
