// Types of env-file.mjs for the TypeScript tests.
export declare function readEnvFile(path: string): Record<string, string>;
export declare function ensureEnvSecrets(path: string, secrets: Record<string, () => string>, header: string): string[];
export declare function randomSecret(): string;
