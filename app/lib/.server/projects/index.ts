/** Public surface of the projects service for routes and UI loaders. */
export {
  createProject,
  listProjects,
  getProjectForViewer,
  saveProject,
  saveFiles,
  forkProject,
  DEFAULT_TITLE,
  type CreateProjectInput,
  type SaveProjectInput,
  type ForkProjectInput,
} from './service';
export { listMessages, saveMessages, duplicateProjectHistory, type ChatMessage, type ChatMessageInput } from './messages';
export { type ProjectSummary, type ProjectWithFiles } from './present';
export { type AppFile, appFilesInputSchema } from './app-files';
