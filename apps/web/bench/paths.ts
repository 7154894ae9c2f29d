import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const webRoot = fileURLToPath(new URL('../', import.meta.url));
export const binOf = (name: string) => `${repoRoot}node_modules/.bin/${name}`;
