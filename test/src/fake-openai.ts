import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake does with one chat-completions request:
 * - `answer`: 200 with a well-formed answer for the prompt (see `defaultAnswer`), or `content`;
 * - `fail`: `status` (500 unless given) with a short error body;
 * - `rate-limit`: 429 with `Retry-After: retryAfterSec` (0 unless given);
 * - `truncate`: 200, half an answer, `finish_reason: length`;
 * - `no-fence`: 200, prose without the fenced block the prompt asked for.
 * Every mode waits `delayMs` first (0 unless given), so `answer` + `delayMs` is a slow model.
 */
export interface FakeRule {
  /** The provider model name the rule applies to (`model` in the request); every model if absent. */
  model?: string;
  /** Only requests whose text (every message's, joined) contains this; every request if absent. */
  promptIncludes?: string;
  mode: 'answer' | 'fail' | 'rate-limit' | 'truncate' | 'no-fence';
  /** Requests the rule applies to before it is used up; for ever if absent. */
  times?: number;
  delayMs?: number;
  status?: number;
  retryAfterSec?: number;
  /** The answer's content for `answer` (instead of the default one). */
  content?: string;
}

/** One request as the fake saw it, without the image bytes. */
export interface FakeRequestRecord {
  model: string;
  /** Text parts of the user message, joined. */
  prompt: string;
  imageCount: number;
  temperature: number | null;
  maxCompletionTokens: number | null;
  /** The status the fake answered. */
  status: number;
  finishReason: string | null;
  /** Milliseconds since the fake started, when the request arrived. */
  receivedAtMs: number;
}

export interface FakeOpenAi {
  /** Base URL for a model's `base_url` (`.../v1`). */
  baseUrl: string;
  /** `POST {rules}` appends rules, `POST /reset` clears rules and records, `GET /requests` lists records. */
  controlUrl: string;
  close(): Promise<void>;
}

/** The fenced answers the fake gives by default; the tests assert on these exact bodies. */
export const FAKE_ANSWERS = {
  tableHtml: '<table><tr><th>Region</th><th>Q1</th></tr><tr><td>North</td><td>1,200</td></tr></table>',
  tableMarkdown: '| Region | Q1 |\n|---|---|\n| North | 1,200 |',
  latex: 'r = \\left(\\frac{V_1}{V_0}\\right)^{1/n} - 1',
  markdown: '# Fake page\n\nTranscribed by the fake model.',
  html: '<h1>Fake page</h1><p>Transcribed by the fake model.</p>',
  /** A custom prompt gets this prefix followed by the prompt's first line. */
  customPrefix: 'Fake answer to: ',
} as const;

/** The answer a well-behaved model gives to one of the LLM stage's prompts. */
export function defaultAnswer(prompt: string): string {
  if (/Convert the table in the image to HTML/.test(prompt)) return `\`\`\`html\n${FAKE_ANSWERS.tableHtml}\n\`\`\``;
  if (/Convert the table in the image to a GitHub-flavoured Markdown/.test(prompt))
    return `\`\`\`markdown\n${FAKE_ANSWERS.tableMarkdown}\n\`\`\``;
  if (/Transcribe the formula in the image to LaTeX/.test(prompt)) return `\`\`\`latex\n${FAKE_ANSWERS.latex}\n\`\`\``;
  if (/to semantic HTML/.test(prompt)) return `Here it is:\n\`\`\`html\n${FAKE_ANSWERS.html}\n\`\`\``;
  if (/Markdown/.test(prompt) && /fenced code block/.test(prompt))
    return `Here it is:\n\`\`\`markdown\n${FAKE_ANSWERS.markdown}\n\`\`\``;
  return `${FAKE_ANSWERS.customPrefix}${prompt.split('\n')[0] ?? ''}`;
}

interface ChatBody {
  model?: string;
  temperature?: number;
  max_completion_tokens?: number;
  messages?: { content?: string | { type?: string; text?: string }[] }[];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function completion(content: string, finishReason: string): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/**
 * An OpenAI-compatible chat-completions server on a free port, scripted over HTTP so that tests
 * running in other processes than the one that started it can steer it. With no rules it answers
 * every prompt of the LLM stage well, so tests that do not care about the model still succeed.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const startedAt = performance.now();
  let rules: (FakeRule & { used: number })[] = [];
  let records: FakeRequestRecord[] = [];

  const pickRule = (model: string, prompt: string): FakeRule | null => {
    const rule = rules.find(
      (candidate) =>
        (candidate.model === undefined || candidate.model === model) &&
        (candidate.promptIncludes === undefined || prompt.includes(candidate.promptIncludes)) &&
        (candidate.times === undefined || candidate.used < candidate.times),
    );
    if (rule === undefined) return null;
    rule.used += 1;
    return rule;
  };

  async function chat(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const receivedAtMs = performance.now() - startedAt;
    const body = JSON.parse(await readBody(request)) as ChatBody;
    const parts = (body.messages ?? []).flatMap((message) =>
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []),
    );
    const prompt = parts.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n');
    const model = body.model ?? '';
    const rule = pickRule(model, prompt) ?? { mode: 'answer' as const };
    const record: FakeRequestRecord = {
      model,
      prompt,
      imageCount: parts.filter((part) => part.type === 'image_url').length,
      temperature: body.temperature ?? null,
      maxCompletionTokens: body.max_completion_tokens ?? null,
      status: 200,
      finishReason: null,
      receivedAtMs,
    };
    records.push(record);
    if (rule.delayMs) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
    // The client may have given up (timeout) while we waited; writing then is harmless.
    const answer = rule.content ?? defaultAnswer(prompt);
    switch (rule.mode) {
      case 'fail':
        record.status = rule.status ?? 500;
        return sendJson(response, record.status, { error: { message: 'fake provider failure', type: 'server_error' } });
      case 'rate-limit':
        record.status = 429;
        return sendJson(
          response,
          429,
          { error: { message: 'Rate limit reached', type: 'rate_limit' } },
          { 'retry-after': String(rule.retryAfterSec ?? 0) },
        );
      case 'truncate':
        record.finishReason = 'length';
        return sendJson(response, 200, completion(answer.slice(0, Math.ceil(answer.length / 2)), 'length'));
      case 'no-fence':
        record.finishReason = 'stop';
        return sendJson(response, 200, completion('I looked at the image and it shows a document.', 'stop'));
      case 'answer':
        record.finishReason = 'stop';
        return sendJson(response, 200, completion(answer, 'stop'));
    }
  }

  async function control(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (request.method === 'GET' && path === '/control/requests') return sendJson(response, 200, records);
    if (request.method === 'POST' && path === '/control/reset') {
      rules = [];
      records = [];
      return sendJson(response, 200, {});
    }
    if (request.method === 'POST' && path === '/control/rules') {
      const added = JSON.parse(await readBody(request)) as FakeRule[];
      rules.push(...added.map((rule) => ({ ...rule, used: 0 })));
      return sendJson(response, 200, {});
    }
    return sendJson(response, 404, { error: { message: 'not found' } });
  }

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const handled = path.startsWith('/control/')
      ? control(request, response, path)
      : request.method === 'POST' && path === '/v1/chat/completions'
        ? chat(request, response)
        : Promise.resolve(sendJson(response, 404, { error: { message: 'not found' } }));
    handled.catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 400, { error: { message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener, so the address is an AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    controlUrl: `http://127.0.0.1:${port}/control`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Steers the fake from a test process: `rules` appends, `reset` clears, `requests` reads the log. */
export function fakeOpenAiControl(controlUrl: string): {
  reset(): Promise<void>;
  rules(rules: FakeRule[]): Promise<void>;
  requests(): Promise<FakeRequestRecord[]>;
} {
  const post = async (path: string, body: unknown): Promise<void> => {
    const response = await fetch(`${controlUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake control ${path}: ${response.status}`);
  };
  return {
    reset: () => post('/reset', {}),
    rules: (rules) => post('/rules', rules),
    requests: async () => (await (await fetch(`${controlUrl}/requests`)).json()) as FakeRequestRecord[],
  };
}
