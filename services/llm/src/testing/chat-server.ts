import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake provider answers to one request. */
export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** A chat-completions answer built from `content`/`finishReason`, unless `raw` is given. */
  content?: string;
  finishReason?: string;
  raw?: string;
  /** Milliseconds to wait before answering: a model's latency. */
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    temperature: number;
    max_completion_tokens?: number;
    messages: {
      role: string;
      content: ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];
    }[];
  };
}

export interface FakeChatServer {
  /** Base URL to put in a model's `base_url`. */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A tiny OpenAI-compatible chat-completions server on port 0. `reply` sees each request (and its
 * 0-based number) and scripts the answer.
 */
export async function startFakeChatServer(
  reply: (request: RecordedRequest, index: number) => ScriptedReply,
): Promise<FakeChatServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const recorded: RecordedRequest = {
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(text) as RecordedRequest['body'],
      };
      requests.push(recorded);
      const scripted = reply(recorded, requests.length - 1);
      return new Promise((resolve) => setTimeout(resolve, scripted.delayMs ?? 0)).then(() => {
        const body =
          scripted.raw ??
          JSON.stringify({
            id: 'cmpl-1',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: scripted.content ?? '' },
                finish_reason: scripted.finishReason ?? 'stop',
              },
            ],
          });
        response.writeHead(scripted.status ?? 200, { 'content-type': 'application/json', ...scripted.headers });
        response.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so the address is an AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
