/** Browser-side API helpers: JSON calls, typed errors, uploads, snapshots, the CORS token. */
export { createApiClient, errorFromResponse, type ApiClient, type ApiClientOptions, type ApiRequestOptions, type HttpMethod, type StatusHandlers } from './fetch-json';
export { getApiErrorMessage, getApiErrorSentence, humanizeField, DEFAULT_API_ERROR_MESSAGE } from './error-messages';
export {
  ClientError,
  CLIENT_ERROR_CODES,
  RETRYABLE_BY_CODE,
  UNKNOWN_ERROR_MESSAGE,
  badServerResponseMessage,
  errorNameForCode,
  isClientError,
  isClientErrorCode,
  parseServerErrorPayload,
  type ClientErrorCode,
  type ClientErrorObject,
  type ClientErrorExtras,
} from './client-errors';
export { Md5, toBase64, toHex } from './md5';
export { computeChecksum, CHECKSUM_CHUNK_BYTES, type NamedBlob } from './checksum';
export {
  directUpload,
  createUploadForm,
  uploadProjectFile,
  blobUrl,
  DIRECT_UPLOADS_URL,
  type UploadResult,
  type UploadFile,
  type UploadForm,
  type UploadFormOptions,
  type DirectUploadOptions,
  type ProjectUploadOptions,
} from './direct-upload';
export {
  createSnapshotClient,
  SAVE_SNAPSHOT_FAILED,
  LOAD_SNAPSHOT_FAILED,
  SNAPSHOT_SAVE_ATTEMPTS,
  SNAPSHOT_RETRY_STEP_MS,
  type SnapshotClient,
  type SnapshotFiles,
  type SnapshotSummary,
} from './snapshot-client';
export { startCorsTokenRenewal, CORS_REFRESH_BEFORE_EXPIRY_MS, type CorsToken, type CorsTokenRenewal } from './cors-token';
