import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '@app/contract';
import { renderWithProviders } from '../test/render';
import { DelayedLoading } from './page-state';

afterEach(() => vi.useRealTimers());

/** docs/product.md §9: page loading delay 200 ms, page loading timeout 60,000 ms. */
describe('the loading placeholder', () => {
  it('shows after the loading delay, and after the page-load timeout turns into the error placeholder with a retry', () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    renderWithProviders(<DelayedLoading onRetry={retry} />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(PAGE_LOAD_DELAY_MS));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    act(() => vi.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - PAGE_LOAD_DELAY_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    const alert = screen.getByRole('alert');
    act(() => alert.querySelector('button')!.click());
    expect(retry).toHaveBeenCalledOnce();
  });

  it('never times out where a longer timeout of its own governs (a page’s code: 120 s)', () => {
    vi.useFakeTimers();
    renderWithProviders(<DelayedLoading timeoutMs={null} />);
    act(() => vi.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS * 3));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
