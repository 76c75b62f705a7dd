/*
 * The Task JSON is shaped in one place, `@folio/workflows/task-json`, which the worker's webhook
 * activity posts too (docs/webhooks.md); the gateway's routes keep importing it from here.
 */
export {
  IMAGE_PLACEHOLDER_SCHEME,
  chunkedJsonText,
  createTaskPresenter,
  taskText,
  type ApiBoundingBox,
  type ApiChunk,
  type ApiOcrResult,
  type ApiOutput,
  type ApiSegment,
  type ApiSheetCell,
  type ApiTask,
  type DocumentFormat,
  type TaskParts,
  type TaskPresenter,
  type TaskPresenterOptions,
  type TaskView,
} from '@folio/workflows/task-json';
