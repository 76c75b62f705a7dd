// Types of stack.mjs for the TypeScript end-to-end harness.
export declare const STAGES: readonly ['render', 'ocr', 'layout', 'chunk', 'llm'];
export declare const SEARCH_ATTRIBUTES: readonly string[];

export interface StackEnv extends NodeJS.ProcessEnv {
  PORT: string;
  PUBLIC_URL: string;
  TEMPORAL_ADDRESS: string;
  TEMPORAL_UI_PORT?: string;
}

export interface Stack {
  stop(): Promise<void>;
}

export declare function waitForPort(host: string, port: number, timeoutMs: number, isAlive?: () => boolean): Promise<void>;
export declare function waitForHttp(url: string, timeoutMs: number, isAlive?: () => boolean): Promise<void>;
export declare function startStack(options: {
  root: string;
  env: StackEnv;
  temporalBinary: string;
  dataDir: string;
  output: (name: string, line: string) => void;
}): Promise<Stack>;
export declare function stackEnv(base: NodeJS.ProcessEnv, options: { root: string; dataDir: string }): StackEnv;
