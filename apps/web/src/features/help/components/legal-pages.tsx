import { useSearchParams } from 'react-router';
import { ACCEPTED_LEGAL_KINDS, type AcceptedLegalKind, type LegalKind } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { formatDateTime } from '../../../lib/format';
import { useAcceptLegal, useLegalAcceptances, useLegalDocument } from '../api';
import { useHelpText } from '../strings';
import { Paragraphs } from './paragraphs';
import '../help.css';

const isAccepted = (kind: LegalKind): kind is AcceptedLegalKind =>
  (ACCEPTED_LEGAL_KINDS as readonly string[]).includes(kind);

/** For a signed-in user: which version of this text they accepted and when, and accepting the current one. */
function Acceptance({ kind, version }: { kind: AcceptedLegalKind; version: number }) {
  const w = useHelpText();
  const mine = useLegalAcceptances();
  const accept = useAcceptLegal();
  const a = mine.data?.items.find((i) => i.kind === kind);
  if (!a) return null;
  const accepted = a.acceptedVersion !== null && a.acceptedAt !== null;
  return (
    <div className="help-acceptance" role="status">
      {accepted ? (
        <p>{w('accepted', { version: a.acceptedVersion, date: formatDateTime(a.acceptedAt!) })}</p>
      ) : (
        <p>{w('notAccepted')}</p>
      )}
      {accepted && a.acceptedVersion! < version && <p>{w('newer', { version })}</p>}
      {a.acceptedVersion !== version && (
        <button
          type="button"
          className="button button--primary"
          disabled={accept.isPending}
          onClick={() => accept.mutate({ kind, version })}
        >
          {w('accept', { version })}
        </button>
      )}
    </div>
  );
}

/** One legal or company text: title, version and date, the text, and the user's acceptance. */
function LegalText({ kind }: { kind: LegalKind }) {
  const w = useHelpText();
  const doc = useLegalDocument(kind);
  if (doc.isError) return <PageLoadError onRetry={() => void doc.refetch()} />;
  if (!doc.data) return <DelayedLoading />;
  const d = doc.data;
  return (
    <article className="help-article help-legal">
      <h2 className="help-article__title">{d.title}</h2>
      <p className="help-meta">{w('version', { version: d.version, date: formatDateTime(d.publishedAt) })}</p>
      {isAccepted(kind) && <Acceptance kind={kind} version={d.version} />}
      {d.fallback && <p className="help-note">{w('fallback')}</p>}
      <Paragraphs text={d.body} />
    </article>
  );
}

/** `profile/about-us`. */
export function AboutUsPage() {
  return (
    <div className="help-page">
      <LegalText kind="about" />
    </div>
  );
}

/** `home/components/website-company`: who runs this site. */
export function CompanyPage() {
  return (
    <div className="help-page">
      <LegalText kind="company" />
    </div>
  );
}

type PolicyTab = 'privacy' | 'agreement';
const POLICY_TABS: readonly PolicyTab[] = ['privacy', 'agreement'];

/**
 * `privacy-policy/privacy-policy`: the privacy policy and (`?tab=agreement`) the user agreement
 * (docs/decisions/0120-user-agreement-and-acceptance.md).
 */
export function PrivacyPolicyPage() {
  const w = useHelpText();
  const [params, setParams] = useSearchParams();
  const tab: PolicyTab = params.get('tab') === 'agreement' ? 'agreement' : 'privacy';
  return (
    <div className="help-page">
      <TabList
        label={w('tabs')}
        idPrefix="legal"
        items={POLICY_TABS.map((key) => ({ key, label: w(key) }))}
        value={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      />
      <section {...tabPanelProps('legal', tab)}>
        <LegalText key={tab} kind={tab} />
      </section>
    </div>
  );
}
