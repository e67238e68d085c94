import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The full-width primary button that submits a form; shows progress while `loading`. */
export function SubmitButton({
  children,
  loading,
  disabled,
}: {
  children: ReactNode;
  loading?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      color="primary"
      size="large"
      block
      shape="rounded"
      loading={loading}
      loadingText={t('common.processing')}
      disabled={disabled}
      className="submit-button"
    >
      {children}
    </Button>
  );
}
