import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { ApiError, queryString, unwrap } from './api';
import { auditDraftError, auditQuery, NO_FILTERS } from './audit-filters';
import { compactJson, formatWait, localInputToMs, pageCount } from './format';
import { qrPath } from './qr';
import { kycVerifyEffect } from './kyc-forms';
import { forbiddenText, KYC_REVIEW, mayOpen, menuFor, reviewersText, reviews, rolesText } from './roles';

describe('menu by role', () => {
  it('shows each role only the pages its API allows', () => {
    expect(menuFor('admin').map((i) => i.path)).toEqual([
      '/dashboard',
      '/kyc',
      '/approvals',
      '/withdrawals',
      '/financing',
      '/loans',
      '/app-versions',
      '/audit',
      '/operators',
      '/users',
      '/chat',
      '/news',
      '/help',
      '/legal',
      '/shortcuts',
      '/vip',
    ]);
    expect(menuFor('compliance').map((i) => i.path)).toEqual(['/dashboard', '/kyc', '/audit', '/users', '/legal']);
    expect(menuFor('support').map((i) => i.path)).toEqual([
      '/dashboard',
      '/users',
      '/chat',
      '/news',
      '/help',
      '/shortcuts',
    ]);
    expect(menuFor('finance').map((i) => i.path)).toEqual([
      '/dashboard',
      '/approvals',
      '/withdrawals',
      '/financing',
      '/loans',
      '/users',
      '/vip',
    ]);
    expect(mayOpen('compliance', '/kyc')).toBe(true);
    // An admin reads the KYC queue; compliance alone reviews a submission.
    expect(mayOpen('admin', '/kyc')).toBe(true);
    expect(mayOpen('finance', '/kyc')).toBe(false);
    expect(KYC_REVIEW.roles).toEqual(['compliance']);
  });

  it('says who reviews each queue, and what a page the role may not open is for', () => {
    expect(rolesText(['compliance'])).toBe('compliance');
    expect(rolesText(['finance', 'admin'])).toBe('finance and admin');
    expect(rolesText(['support', 'compliance', 'admin'])).toBe('support, compliance and admin');
    expect(reviewersText('kyc')).toBe('Reviewed by compliance');
    expect(reviewersText('loans')).toBe('Reviewed by finance and admin');
    expect([reviews('admin', 'kyc'), reviews('compliance', 'kyc'), reviews('admin', 'approvals')]).toEqual([
      false,
      true,
      true,
    ]);
    expect(forbiddenText(KYC_REVIEW.what, KYC_REVIEW.roles, 'admin')).toBe(
      'A KYC submission (its details, photos and decision) is for compliance operators; you are signed in as admin.',
    );
    expect(forbiddenText('Operators', ['admin'], 'compliance')).toBe(
      'Operators is for admin operators; you are signed in as compliance.',
    );
    // Verifying is confirmed first, saying what it does.
    expect(kycVerifyEffect({ uid: '12345678', realName: 'Anna Schmidt' })).toMatch(
      /^Verify: Anna Schmidt \(user 12345678\) becomes verified and is told so\..* This cannot be undone\.$/,
    );
  });

  it('says how long an item has waited in its two largest units', () => {
    expect(
      [0, 45_000, 12 * 60_000, 3 * 3600_000 + 5 * 60_000, 3 * 3600_000, 2 * 86_400_000 + 4 * 3600_000 + 59_000, -5].map(
        formatWait,
      ),
    ).toEqual(['0 s', '45 s', '12 min', '3 h 5 min', '3 h', '2 d 4 h', '0 s']);
  });
});

describe('envelopes', () => {
  it("code 0 gives the data; any other code an ApiError with the server's words", () => {
    expect(unwrap<{ a: number }>({ code: 0, msg: 'success', data: { a: 1 } })).toEqual({ a: 1 });
    const err = (() => {
      try {
        unwrap({ code: 301, msg: 'Login session expired', data: null });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 301, message: 'Login session expired' });
    expect(() => unwrap('<html>')).toThrow(/cannot read/);
  });

  it('query strings leave blank values out', () => {
    expect(queryString({ page: 2, size: 20, action: undefined, targetId: '' })).toBe('?page=2&size=20');
    expect(queryString({})).toBe('');
    expect(queryString({ action: 'operator.login ok' })).toBe('?action=operator.login+ok');
  });
});

describe('audit filters', () => {
  it('sends only what was typed, trimmed; the time range as local minutes, `to` inclusive', () => {
    expect(auditQuery(1, NO_FILTERS)).toEqual({
      page: 1,
      size: 20,
      operatorId: undefined,
      action: undefined,
      targetType: undefined,
      targetId: undefined,
      from: undefined,
      to: undefined,
    });
    const q = auditQuery(3, {
      operatorId: ' 7 ',
      action: ' operator.login ',
      targetType: 'operator',
      targetId: '12',
      from: '2026-11-25T10:00',
      to: '2026-11-25T10:00',
    });
    expect(q).toMatchObject({
      page: 3,
      operatorId: 7,
      action: 'operator.login',
      targetType: 'operator',
      targetId: '12',
    });
    expect(q.from).toBe(new Date(2026, 10, 25, 10, 0).getTime());
    expect(q.to).toBe(new Date(2026, 10, 25, 10, 0).getTime() + 59_999);
  });

  it('names what is wrong in plain words', () => {
    expect(auditDraftError(NO_FILTERS)).toBeNull();
    expect(auditDraftError({ ...NO_FILTERS, operatorId: 'abc' })).toMatch(/number/);
    expect(auditDraftError({ ...NO_FILTERS, operatorId: '0' })).toMatch(/number/);
    expect(auditDraftError({ ...NO_FILTERS, from: '2026-11-25T11:00', to: '2026-11-25T10:00' })).toMatch(
      /after its end/,
    );
    expect(auditDraftError({ ...NO_FILTERS, from: '2026-11-25T10:00', to: '2026-11-25T10:00' })).toBeNull();
  });

  it('reads datetime-local values only in their own format', () => {
    expect(localInputToMs('')).toBeUndefined();
    expect(localInputToMs('2026-11-25')).toBeUndefined();
    expect(localInputToMs('2026-13-45T99:99')).toBeUndefined();
    expect(localInputToMs('2026-02-30T10:00')).toBeUndefined();
    expect(localInputToMs('2026-02-28T23:59')).toBe(new Date(2026, 1, 28, 23, 59).getTime());
    expect(localInputToMs('yesterday')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('page counts and JSON cells', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(compactJson(null)).toBe('');
    expect(compactJson({ role: 'admin' })).toBe('{"role":"admin"}');
  });
});

describe('QR code path', () => {
  it('draws exactly the dark modules of the code, row runs merged', () => {
    const uri = 'otpauth://totp/Back%20office:ops%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Back%20office';
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    const { size, d } = qrPath(uri);
    expect(size).toBe(modules.size);
    // Paint the path back onto a grid and compare it with the library's modules.
    const painted = new Uint8Array(size * size);
    for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
      for (let i = 0; i < w; i += 1) painted[y * size + x + i] = 1;
    }
    expect([...painted]).toEqual([...modules.data].map((v) => (v ? 1 : 0)));
  });
});
