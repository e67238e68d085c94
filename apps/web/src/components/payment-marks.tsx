import { useTranslation } from 'react-i18next';

/**
 * The payment marks of docs/product.md §3 (WebMoney, Skrill, VISA), shown beside the coin icons. Plain
 * wordmarks drawn here (no brand artwork is shipped): a coloured tile with the name.
 */
const MARKS = [
  { name: 'WebMoney', fill: '#036cb5', text: 'WebMoney' },
  { name: 'Skrill', fill: '#862165', text: 'Skrill' },
  { name: 'VISA', fill: '#1a1f71', text: 'VISA' },
] as const;

const MARK_WIDTH = 64;
const MARK_HEIGHT = 24;

export function PaymentMarks() {
  const { t } = useTranslation();
  return (
    <section className="payment-marks" aria-label={t('specTexts.paymentMethods')}>
      <ul className="payment-marks__list">
        {MARKS.map((m) => (
          <li key={m.name} className="payment-marks__item" data-mark={m.name}>
            <svg
              role="img"
              aria-label={m.name}
              width={MARK_WIDTH}
              height={MARK_HEIGHT}
              viewBox={`0 0 ${MARK_WIDTH} ${MARK_HEIGHT}`}
            >
              <rect width={MARK_WIDTH} height={MARK_HEIGHT} rx="5" fill={m.fill} />
              <text
                x={MARK_WIDTH / 2}
                y={MARK_HEIGHT / 2}
                fill="#ffffff"
                fontFamily="system-ui, sans-serif"
                fontSize={m.name === 'VISA' ? 13 : 11}
                fontStyle={m.name === 'VISA' ? 'italic' : 'normal'}
                fontWeight="700"
                textAnchor="middle"
                dominantBaseline="central"
              >
                {m.text}
              </text>
            </svg>
          </li>
        ))}
      </ul>
    </section>
  );
}
