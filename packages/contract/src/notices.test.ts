import { describe, expect, it } from 'vitest';
import { HEADER_LANGS } from './lang';
import { NOTICE_CATALOGUES, NOTICE_KINDS, NOTICE_LINKS, NOTICE_PARAMS, renderNotice } from './notices';
import { KYC_REJECT_REASONS } from './schemas/kyc';
import { LOAN_REJECT_REASONS } from './schemas/loans';
import { WITHDRAW_REJECT_REASONS, WITHDRAWAL_STATES } from './schemas/withdrawals';

/** A sample value for each documented param. */
const SAMPLE: Record<string, unknown> = {
  id: 'abc123',
  amount: '12.5',
  receive: '11.5',
  toPay: '13.01',
  principal: '100',
  interest: '1.2',
  currency: 'USDT',
  chain: 'tron',
  txHash: '0xfeed',
  confirmations: 20,
  address: 'TXyz',
  usableFrom: Date.UTC(2026, 10, 28, 9, 5),
  dueAt: Date.UTC(2026, 11, 1, 23, 59),
  at: '2026-11-27T16:21:00.000Z',
  reason: 'other',
  note: 'see the FAQ',
  product: 'Gold 30',
  mode: 'demo',
  device: 'Chrome on Windows',
  ip: '203.0.113.9',
  preview: 'Hello',
};
const paramsOf = (kind: (typeof NOTICE_KINDS)[number]) =>
  Object.fromEntries(NOTICE_PARAMS[kind].map((p) => [p, SAMPLE[p]]));

/** Latin words allowed in a CJK text: names and codes. */
const CODES = new Set([
  'IP',
  'UTC',
  'TRON',
  'TRC',
  'USDT',
  'Gold',
  'Chrome',
  'on',
  'Windows',
  'FAQ',
  'see',
  'the',
  'Hello',
  'TXyz',
  'abc',
]);
/** Words that would mean English was left in a German, French or Italian text. */
const ENGLISH = /\b(the|your|you|has|have|been|was|were|deposit|withdrawal|address|loan|please|if|this|now)\b/i;

describe('notification templates', () => {
  it('words every kind in all 8 languages, every documented param filled', () => {
    for (const lang of HEADER_LANGS) {
      for (const kind of NOTICE_KINDS) {
        const r = renderNotice(kind, paramsOf(kind), lang);
        expect(r.title, `${lang} ${kind}`).not.toBe('');
        expect(r.body, `${lang} ${kind}`).not.toBe('');
        expect(`${r.title} ${r.body}`, `${lang} ${kind}`).not.toMatch(/\{\w+\}|\[\[|\]\]|—/);
        expect(r.link).toBe(NOTICE_LINKS[kind]);
        // Only documented params appear in the template.
        const [title, body] = NOTICE_CATALOGUES[lang].kinds[kind];
        for (const m of `${title} ${body}`.matchAll(/\{(\w+)\}/g)) {
          expect([...NOTICE_PARAMS[kind], 'demo'], `${lang} ${kind} {${m[1]}}`).toContain(m[1]);
        }
      }
    }
  });

  it('leaves no English text in another language (names and codes aside)', () => {
    for (const lang of HEADER_LANGS.filter((l) => l !== 'en')) {
      const cat = NOTICE_CATALOGUES[lang];
      for (const kind of NOTICE_KINDS) {
        const r = renderNotice(kind, paramsOf(kind), lang);
        const en = renderNotice(kind, paramsOf(kind), 'en');
        if (kind !== 'chat.reply') expect(r.body, `${lang} ${kind}`).not.toBe(en.body);
        expect(r.title, `${lang} ${kind}`).not.toBe(en.title);
        const text = `${cat.kinds[kind][0]} ${cat.kinds[kind][1]}`.replace(/\{\w+\}/g, '');
        if (['zh', 'zh-HK', 'ja', 'ko'].includes(lang)) {
          const latin = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !CODES.has(w));
          expect(latin, `${lang} ${kind}`).toEqual([]);
        } else {
          expect(text, `${lang} ${kind}`).not.toMatch(ENGLISH);
        }
      }
      for (const [code, text] of Object.entries(cat.reasons)) {
        if (code !== 'other') expect(text, `${lang} ${code}`).not.toBe(NOTICE_CATALOGUES.en.reasons[code]);
      }
      expect(cat.demo).not.toBe(NOTICE_CATALOGUES.en.demo);
    }
  });

  it('words every reason code of KYC, loans and withdrawals', () => {
    const codes = [
      ...KYC_REJECT_REASONS.map((r) => `kyc.${r}`),
      ...LOAN_REJECT_REASONS.map((r) => `loan.${r}`),
      ...WITHDRAW_REJECT_REASONS.map((r) => `withdrawal.${r}`),
    ];
    for (const lang of HEADER_LANGS) {
      for (const code of codes) {
        const [domain, reason] = code.split('.') as [string, string];
        const kind = `${domain}.rejected`;
        const r = renderNotice(kind, { reason, amount: '1', currency: 'USDT' }, lang);
        expect(r.body, `${lang} ${code}`).not.toContain(reason === 'other' ? '{reason}' : reason);
      }
    }
  });

  it('has a kind for every withdrawal state (the writer names it withdrawal.<state>)', () => {
    for (const s of WITHDRAWAL_STATES) expect(NOTICE_KINDS).toContain(`withdrawal.${s}`);
  });

  it('interpolates amounts, dates, chains and reasons plainly', () => {
    const r = renderNotice('kyc.rejected', { reason: 'document_expired', note: null }, 'en');
    expect(r).toEqual({
      title: 'Identity verification not approved',
      body: 'Your identity verification was not approved: the document has expired. You can correct your details and submit again.',
      link: '/pages/profile/kyc-verification/index',
    });
    expect(renderNotice('kyc.rejected', { reason: 'document_expired', note: 'Upload the back side' }, 'de').body).toBe(
      'Ihre Identitätsprüfung wurde nicht genehmigt: das Dokument ist abgelaufen. Hinweis: Upload the back side. Sie können Ihre Angaben korrigieren und erneut einreichen.',
    );
    expect(
      renderNotice(
        'withdraw_address.added',
        { currency: 'USDT', chain: 'tron', address: 'TXyz', usableFrom: Date.UTC(2026, 10, 28, 9, 5) },
        'en',
      ).body,
    ).toBe(
      'A USDT address on TRON (TRC20) was added to your address book: TXyz. It can be used from 2026-11-28 09:05 UTC. If this was not you, freeze withdrawals now.',
    );
    expect(
      renderNotice(
        'financing.matured',
        { product: 'P', principal: '100', interest: '1', currency: 'USDT', mode: 'real' },
        'en',
      ).body,
    ).not.toContain('(');
    expect(
      renderNotice(
        'financing.matured',
        { product: 'P', principal: '100', interest: '1', currency: 'USDT', mode: 'demo' },
        'ja',
      ).body,
    ).toContain('（デモ口座）');
    // A product's names by language: the reader's, else the English one.
    const product = { en: 'USDT 7 days', ja: 'USDT 7日間' };
    const matured = (lang: 'ja' | 'de') =>
      renderNotice('financing.matured', { product, principal: '1', interest: '0', currency: 'USDT' }, lang).body;
    expect(matured('ja')).toMatch(/^USDT 7日間 /);
    expect(matured('de')).toMatch(/^USDT 7 days /);
  });

  it('renders an unknown kind or odd params as a neutral notice, never throwing', () => {
    expect(renderNotice('no.such.kind', {}, 'fr')).toEqual({
      title: 'Notification',
      body: 'Vous avez une nouvelle notification.',
      link: null,
    });
    expect(renderNotice('deposit.credited', null as never, 'zh').body).toContain('—');
    expect(renderNotice('deposit.credited', { amount: { x: 1 }, currency: 5 }, 'en').body).toContain('{"x":1} 5');
    expect(renderNotice('kyc.verified', {}, 'xx' as never).title).toBe('Identity verified');
  });
});
