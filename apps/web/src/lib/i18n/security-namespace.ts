import { SECURITY_MESSAGES } from '../../locales/security';
import { addNamespace } from './namespace';

// The security pages' strings in every language, registered when a chunk that shows them loads:
// the security pages' and the withdrawal address dialog's (which asks where to send a code), so
// here rather than in features/security (locales/security.ts says why they are apart). Their keys
// are looked up as before, `t('security.…')`: `security` is a fallback namespace (./index.ts), so
// the modules that use them import this file for its registration only.
addNamespace('security', SECURITY_MESSAGES);
