export { runCli, USAGE, type CliIo } from './cli.js';
export {
  createFolioClient,
  FolioApiError,
  JSON_UPLOAD_MAX_BYTES,
  type FolioClient,
  type FolioClientOptions,
} from './client.js';
export { toMarkdown, type Task } from './task.js';
