import { useTranslation } from 'react-i18next';

/**
 * The payment marks of docs/product.md §3 (WebMoney, Skrill, VISA), shown beside the coin icons. Plain
 * wordmarks drawn here (no brand artwork is shipped): a coloured tile with the name, sized by its text
 * (styles/components.css), so no font cuts the name short as a fixed-width drawing did.
 */
const MARKS = [
  { name: 'WebMoney', key: 'webmoney' },
  { name: 'Skrill', key: 'skrill' },
  { name: 'VISA', key: 'visa' },
] as const;

export function PaymentMarks() {
  const { t } = useTranslation();
  return (
    <section className="payment-marks" aria-label={t('specTexts.paymentMethods')}>
      <ul className="payment-marks__list">
        {MARKS.map((m) => (
          <li key={m.name} className="payment-marks__item" data-mark={m.name}>
            <span role="img" aria-label={m.name} className={`payment-mark payment-mark--${m.key}`}>
              <span aria-hidden="true">{m.name}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
