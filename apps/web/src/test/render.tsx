import type { ReactElement } from 'react';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { expect } from 'vitest';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { TypeUser } from '@app/contract';
import { Providers } from '../app/providers';
import { queryClient } from '../lib/api/query-client';
import { useSessionStore } from '../lib/session/session-store';

/** The app's client, for a test to fill before rendering (outside React; components use `useQueryClient()`). */
export { queryClient };

interface RenderOptions {
  /** The address the component is shown at (a MemoryRouter; links and `useLocation` read it). */
  route?: string;
}

/**
 * Renders `ui` as the app does (app/providers.tsx: the app's react-query client, the UI kit's
 * English texts) inside a MemoryRouter, and returns RTL's queries with a user-event `user` that
 * types and clicks like a person. Give a component its data through the cache
 * (`queryClient.setQueryData` with the real query keys), its props, or the fake network
 * (test/network.ts `api`).
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/' }: RenderOptions = {},
): RenderResult & { user: UserEvent } {
  // No pause between keystrokes (the default waits a timer tick after each): the components see the same events.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { ...result, user };
}

/** A signed-in session (a token is what the app reads as logged in), real account unless `typeUser` says demo. */
export function signIn({ typeUser = 'real' }: { typeUser?: TypeUser } = {}): void {
  useSessionStore.setState({ token: 'test-token', typeUser });
}

/**
 * The UI kit's (antd-mobile's) open dialog, once its opening animation has ended: until then it
 * takes no clicks (pointer-events: none), in a browser as here.
 */
export async function findKitDialog(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect((dialog.firstElementChild as HTMLElement | null)?.style.pointerEvents).toBe('unset'), {
    timeout: 3000,
  });
  return dialog;
}
