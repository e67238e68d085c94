import { useTranslation } from 'react-i18next';
import { DocumentsForm } from '../documents-form';
import { documentsOpen, editable, KycStatus } from '../kyc-status';
import { WithKycInfo } from '../kyc-pages';
import { RealNameForm } from '../real-name-form';
import '../../kyc-desktop.css';
import { useKycText } from '../../strings';

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
                <p className="desk-note">{k(`stateHints.${info.state}`)}</p>
              )}
            </section>
            <section className="desk-panel" aria-labelledby="desk-kyc-documents">
              <h2 id="desk-kyc-documents" className="desk-panel__title">
                {k('step2')}
              </h2>
              {documentsOpen(info) ? (
                <DocumentsForm key={info.submittedAt ?? 0} onSubmitted={() => undefined} />
              ) : (
                <p className="desk-note">{info.primary ? k(`stateHints.${info.state}`) : k('needPrimary')}</p>
              )}
            </section>
          </div>
        </div>
      )}
    </WithKycInfo>
  );
}
