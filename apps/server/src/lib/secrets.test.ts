import { describe, expect, it } from 'vitest';
import { sealer } from './secrets';

describe('sealed secrets', () => {
  it('open only under the same app secret and purpose, and not once altered', () => {
    const sealed = sealer('app-secret-1', 'operator-totp-secret').seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^aesgcm\$[\w-]+\$[\w-]+\$[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealer('app-secret-1', 'operator-totp-secret').open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(sealer('app-secret-1', 'operator-totp-secret').seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(sealer('app-secret-2', 'operator-totp-secret').open(sealed)).toBeNull();
    expect(sealer('app-secret-1', 'another-purpose').open(sealed)).toBeNull();
    const [alg, iv, ct, tag] = sealed.split('$');
    const flipped = `${ct![0] === 'A' ? 'B' : 'A'}${ct!.slice(1)}`;
    expect(sealer('app-secret-1', 'operator-totp-secret').open([alg, iv, flipped, tag].join('$'))).toBeNull();
    for (const bad of ['JBSWY3DPEHPK3PXP', '', 'aesgcm$$$', 'aesgcm$x$y$z'])
      expect(sealer('app-secret-1', 'operator-totp-secret').open(bad)).toBeNull();
  });
});
