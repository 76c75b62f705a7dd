import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import type { History } from '@temporalio/common/lib/proto-utils.js';

/** Recorded histories of processDocument that every later version of the workflow must replay. */
export const HISTORIES_DIR = new URL('../../test/histories/', import.meta.url);

/** The static half of a protobufjs message class, as the SDK's generated History class has it. */
interface ProtobufClass {
  toObject(
    message: unknown,
    options: { longs: NumberConstructor; enums: NumberConstructor; bytes: StringConstructor },
  ): unknown;
}

/**
 * Writes `history` as `<name>.json`. Not the SDK's `historyToJSON`: its protobufjs and the one of
 * `@temporalio/proto` are separate copies in node_modules, so it throws "type must be a Type".
 * Numbers for int64s and enums, base64 for bytes: a plain object the replayer encodes as it is.
 */
export async function saveHistory(name: string, history: History): Promise<void> {
  // Histories fetched by the client are instances of the generated class, which carries toObject.
  const historyClass = history.constructor as unknown as ProtobufClass;
  const plain = historyClass.toObject(history, { longs: Number, enums: Number, bytes: String });
  await mkdir(HISTORIES_DIR, { recursive: true });
  await writeFile(new URL(`${name}.json`, HISTORIES_DIR), `${JSON.stringify(plain, null, 1)}\n`);
}

/** Every recorded history, by file name. */
export async function readHistories(): Promise<{ name: string; history: History }[]> {
  const names = (await readdir(HISTORIES_DIR)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      history: JSON.parse(await readFile(new URL(name, HISTORIES_DIR), 'utf8')) as History,
    })), // written by saveHistory
  );
}
