import { applyDisplay } from './display';
import { useSessionStore } from './session-store';

/** Keeps the document's theme and account mode (lib/session/display.ts) in step with the session. */
export function initTheme(): void {
  const { theme, typeUser } = useSessionStore.getState();
  applyDisplay(theme, typeUser);
  useSessionStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme || state.typeUser !== previous.typeUser)
      applyDisplay(state.theme, state.typeUser);
  });
}
