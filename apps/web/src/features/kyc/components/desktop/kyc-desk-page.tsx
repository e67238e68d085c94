import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@app/contract';
import { DocumentsForm } from '../documents-form';
import { documentsOpen, editable, KycStatus } from '../kyc-status';
import { WithKycInfo } from '../kyc-pages';
import { RealNameForm } from '../real-name-form';
import '../../kyc-desktop.css';
import { useKycText } from '../../strings';

/**
 * A step's card when its form is closed. A step that can no longer be changed says so in a few words
 * ("Submitted, under review"): the status card beside it already has the whole sentence, which the
 * cards used to repeat.
 */
function StepNote({ info, needsPrimary = false }: { info: KycInfo; needsPrimary?: boolean }) {
  const k = useKycText();
  const text =
    needsPrimary && !info.primary
      ? k('needPrimary')
      : info.state === 'pending' || info.state === 'verified'
        ? k(`stepDone.${info.state}`)
        : k(`stateHints.${info.state}`);
  return (
    <p className="desk-note" data-testid="kyc-step-note">
      {text}
    </p>
  );
}

/**
 * /pages/desktop/kyc/index: where the verification stands beside both stages' forms (the mobile
 * pages' forms), each open while it can be changed.
 */
export function KycDeskPage() {
  const { t } = useTranslation();
  const k = useKycText();
  return (
    <WithKycInfo>
      {(info) => (
        <div className="desk-kyc">
          <section className="desk-panel desk-kyc__status" aria-labelledby="desk-kyc-status">
            <h2 id="desk-kyc-status" className="desk-panel__title">
              {t('routes.kyc')}
            </h2>
            <KycStatus info={info} />
          </section>
          <div className="desk-kyc__forms">
            <section className="desk-panel" aria-labelledby="desk-kyc-primary">
              <h2 id="desk-kyc-primary" className="desk-panel__title">
                {k('step1')}
              </h2>
              {editable(info) ? (
                // Keyed by the stored stage: a save shows the saved values.
                <RealNameForm key={JSON.stringify(info.primary)} info={info} onSaved={() => undefined} />
              ) : (
                <StepNote info={info} />
              )}
            </section>
            <section className="desk-panel" aria-labelledby="desk-kyc-documents">
              <h2 id="desk-kyc-documents" className="desk-panel__title">
                {k('step2')}
              </h2>
              {documentsOpen(info) ? (
                <DocumentsForm key={info.submittedAt ?? 0} onSubmitted={() => undefined} />
              ) : (
                <StepNote info={info} needsPrimary />
              )}
            </section>
          </div>
        </div>
      )}
    </WithKycInfo>
  );
}
