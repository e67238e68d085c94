import type { FormEvent } from 'react';
import { KYC_ID_NUMBER_MAX, KYC_REAL_NAME_MAX, type KycInfo } from '@app/contract';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useRealNameForm } from '../hooks/use-real-name-form';
import { useKycText } from '../strings';

/** Stage 1: nationality, document type, real name and ID number. */
export function RealNameForm({ info, onSaved }: { info: KycInfo; onSaved: (info: KycInfo) => void }) {
  const k = useKycText();
  const form = useRealNameForm(info, onSaved);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  const placeholder = (text: string) => [{ value: '', label: text }];
  return (
    <form ref={form.formRef} className="form kyc-form" noValidate onSubmit={onSubmit}>
      <SelectField
        label={k('nationality')}
        value={form.nationality}
        options={[...(form.nationality ? [] : placeholder(k('chooseNationality'))), ...form.countries]}
        onChange={form.chooseNationality}
        error={form.errors.nationality}
      />
      <SelectField
        label={k('documentType')}
        value={form.documentType}
        options={[...(form.documentType ? [] : placeholder(k('chooseDocumentType'))), ...form.documentTypes]}
        onChange={form.setDocumentType}
        error={form.errors.documentType}
      />
      <TextField
        label={k('realName')}
        placeholder={k('realNamePlaceholder')}
        value={form.realName}
        onChange={form.setRealName}
        maxLength={KYC_REAL_NAME_MAX}
        autoComplete="name"
        error={form.errors.realName}
      />
      <TextField
        label={k('idNumber')}
        placeholder={k('idNumberPlaceholder')}
        value={form.idNumber}
        onChange={form.setIdNumber}
        maxLength={KYC_ID_NUMBER_MAX}
        autoComplete="off"
        spellCheck={false}
        hint={k('idNumberHint')}
        error={form.errors.idNumber}
      />
      <SubmitButton loading={form.pending}>{k('savePrimary')}</SubmitButton>
    </form>
  );
}
