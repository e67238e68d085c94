import { describe, expect, it } from 'vitest';
import { DESKTOP_BREAKPOINT_PX } from '@app/contract';
import { DESKTOP_BREAKPOINT, layoutForWidth } from './layout-mode';

describe('layout mode', () => {
  it('uses the contract breakpoint', () => {
    expect(DESKTOP_BREAKPOINT).toBe(DESKTOP_BREAKPOINT_PX);
  });

  it('is desktop only above 1000 px', () => {
    expect(layoutForWidth(1001)).toBe('desktop');
    expect(layoutForWidth(2560)).toBe('desktop');
    expect(layoutForWidth(1000)).toBe('mobile');
    expect(layoutForWidth(390)).toBe('mobile');
  });
});
