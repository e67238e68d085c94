// The operators module's face: the back office's operators, their sign-in (password and TOTP) and sessions (issue 16).
export { OperatorService, toOperatorInfo } from './service';
export { OperatorSessionService, OPERATOR_TOKEN_PREFIX } from './sessions';
export { operatorRoutes } from './routes';
export { totpCodeAt, TOTP_PERIOD_SECONDS } from './totp';
export { enabledOperators, operatorEmails } from './emails';
