import { describe, expect, it } from 'vitest';
import { DESKTOP_BREAKPOINT_PX } from '@app/contract';
import { DESKTOP_BREAKPOINT, layoutForWidth } from './layout-mode';

describe('layout mode', () => {
  it('uses the contract breakpoint', () => {
    expect(DESKTOP_BREAKPOINT).toBe(DESKTOP_BREAKPOINT_PX);
  });

  it('is desktop only above 1000 px, and only with the desktop layout enabled', () => {
    expect(layoutForWidth(1001, true)).toBe('desktop');
    expect(layoutForWidth(1000, true)).toBe('mobile');
    expect(layoutForWidth(800, true)).toBe('mobile');
    expect(layoutForWidth(1920, false)).toBe('mobile');
  });
});
