import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  KYC_DOCUMENT_TYPES,
  KYC_ID_NUMBER_MAX,
  KYC_REAL_NAME_MAX,
  type KycDocumentType,
  type KycInfo,
} from '@app/contract';
import { toastSuccess } from '../../../lib/feedback/toast';
import { regionName } from '../../../lib/format';
import { regionCodes } from '../../../lib/forms/dial-codes';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkRequired, collectErrors } from '../../../lib/forms/validation';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { useKycInfoUpdate } from '../../../lib/api/kyc-info';
import { submitPrimary, useDocumentTypes } from '../api/kyc';
import { useKycText } from '../strings';

type Field = 'nationality' | 'documentType' | 'realName' | 'idNumber';
const ID_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * Stage 1, real name (docs/product.md §3 "KYC (id card)": document type, nationality, real name, ID number): starts from
 * what was submitted before, offers the document types the nationality accepts, and answers the
 * verification as it then is to `onSaved`.
 */
export function useRealNameForm(info: KycInfo | undefined, onSaved: (info: KycInfo) => void) {
  const k = useKycText();
  const language = useSessionStore((s) => s.language);
  const before = info?.primary;
  const [nationality, setNationality] = useState(before?.nationality ?? '');
  const [documentType, setDocumentType] = useState<KycDocumentType | ''>(before?.documentType ?? '');
  const [realName, setRealName] = useState(before?.realName ?? '');
  const [idNumber, setIdNumber] = useState(before?.idNumber ?? '');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const types = useDocumentTypes(nationality);
  const store = useKycInfoUpdate();
  const save = useMutation({ mutationFn: submitPrimary });

  const countries = useMemo(() => {
    const lang = htmlLang(language);
    return regionCodes()
      .map((iso) => ({ value: iso, label: regionName(iso, lang) }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
  }, [language]);
  const accepted: readonly KycDocumentType[] = types.data ?? (nationality ? [] : KYC_DOCUMENT_TYPES);
  const documentTypes = accepted.map((value) => ({ value, label: k(`documentTypes.${value}`) }));

  const chooseNationality = edit('nationality', (iso: string) => {
    setNationality(iso);
    setDocumentType('');
  });

  const submit = () => {
    const checks = collectErrors<Field>({
      nationality: nationality ? null : k('chooseNationality'),
      documentType: documentType && accepted.includes(documentType) ? null : k('chooseDocumentType'),
      realName: checkRequired(realName),
      idNumber:
        checkRequired(idNumber) ??
        (idNumber.trim().length >= 3 && ID_NUMBER.test(idNumber.trim()) ? null : k('idNumberHint')),
    });
    if (report(checks) || !documentType) return;
    save.mutate(
      { nationality, documentType, realName: realName.trim(), idNumber: idNumber.trim() },
      {
        onSuccess: (next) => {
          store(next);
          toastSuccess(k('primarySaved'));
          onSaved(next);
        },
      },
    );
  };

  return {
    nationality,
    chooseNationality,
    countries,
    documentType,
    setDocumentType: edit('documentType', (v: string) => setDocumentType(v as KycDocumentType)),
    documentTypes,
    realName,
    setRealName: edit('realName', (v: string) => setRealName(v.slice(0, KYC_REAL_NAME_MAX))),
    idNumber,
    setIdNumber: edit('idNumber', (v: string) => setIdNumber(v.slice(0, KYC_ID_NUMBER_MAX))),
    errors,
    formRef,
    submit,
    pending: save.isPending,
  };
}
