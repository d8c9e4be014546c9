export { issueCorsToken, verifyCorsToken, CORS_TOKEN_TTL_SECONDS, type CorsTokenResponse } from './cors-token';
