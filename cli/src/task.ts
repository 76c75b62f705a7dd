/*
 * The parts of the API's Task (the spec's shape) the CLI reads. The CLI writes the task JSON it
 * received unchanged; these types only name what it looks at.
 */

export type TaskStatus = 'Starting' | 'Processing' | 'Succeeded' | 'Failed' | 'Cancelled';

export interface TaskSegment {
  segment_id: string;
  segment_type: string;
  page_number: number;
  content: string;
  markdown: string;
  text: string;
}

export interface TaskChunk {
  chunk_id: string;
  segments: TaskSegment[];
}

export interface Task {
  task_id: string;
  status: TaskStatus;
  message: string;
  output: { chunks: TaskChunk[]; file_name: string | null; page_count: number | null } | null;
}

/** True once the task will not change by itself any more. */
export function isFinal(status: TaskStatus): boolean {
  return status === 'Succeeded' || status === 'Failed' || status === 'Cancelled';
}

/**
 * The document as Markdown: every segment's Markdown in chunk order (which is reading order),
 * separated by blank lines. Segments with no Markdown fall back to their content, then text.
 */
export function toMarkdown(task: Task): string {
  const parts: string[] = [];
  for (const chunk of task.output?.chunks ?? []) {
    for (const segment of chunk.segments) {
      const text = (segment.markdown || segment.content || segment.text || '').trim();
      if (text !== '') parts.push(text);
    }
  }
  return parts.length === 0 ? '' : `${parts.join('\n\n')}\n`;
}

/** Pages done and total from a progress message such as `Running OCR (12/40 pages)`. */
export function pagesOf(message: string): { done: number; total: number } | null {
  const match = /\((\d+)\s*\/\s*(\d+) pages?\)/.exec(message);
  if (!match) return null;
  const done = Number(match[1]);
  const total = Number(match[2]);
  return total > 0 ? { done, total } : null;
}
