/** Public surface of auth for routes and other services. */
export { getUser, requireUser, requireAccount, type Viewer } from './viewer';
export { signUp, logIn, createGuest, signUpSchema, logInSchema, type PublicUser } from './accounts';
export { createApiToken, listApiTokens, revokeApiToken, type ApiTokenSummary } from './api-tokens';
export { serializeSessionCookie, clearSessionCookie, readSessionCookie, SESSION_COOKIE } from './cookie';
export { createSession, deleteSession, type IssuedSession } from './sessions';
export { ensureViewer } from './guest';
