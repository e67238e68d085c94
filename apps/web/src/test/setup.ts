import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { askConfirm } from '../components/confirm-dialog';
import { queryClient } from '../lib/api/query-client';
import { setConfirmPresenter } from '../lib/feedback/confirm';
import { initI18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session/session-store';
import { api, FakeWebSocket } from './network';
import { recordToasts, toasts } from './toasts';

/**
 * The components project's setup (vitest.config.ts), run before each test file: what the app's
 * start (app/start.tsx) sets up before its first render, and a fake network under it.
 */

// As app/feedback.ts installs them: the questions shared code asks (the demo warning) in the UI kit's dialog; the toasts recorded.
setConfirmPresenter(askConfirm);
recordToasts();

// The server and the market socket: the only fakes (test/network.ts).
vi.stubGlobal('fetch', api.fetch);
vi.stubGlobal('WebSocket', FakeWebSocket);

const initialSession = useSessionStore.getInitialState();

beforeAll(async () => {
  // English, the catalogue every language falls back to; the feature namespaces register when their modules load.
  await initI18n();
  // antd-mobile's imperative dialogs need the app's React 19 renderer (unstableSetRender), which this
  // module installs. The app loads it with the first question (components/confirm-dialog.ts); here it
  // is there before the first test, so a dialog opens without waiting for the module.
  await import('../components/antd-mobile-overlay');
});

afterEach(() => {
  cleanup();
  // What the UI kit rendered outside RTL's roots (a dialog a failed test left open).
  document.body.innerHTML = '';
  // Between tests, outside any component: the app's client itself (the one Providers gives React).
  queryClient.clear();
  useSessionStore.setState(initialSession, true);
  window.localStorage.clear();
  api.reset();
  FakeWebSocket.reset();
  toasts.length = 0;
});
