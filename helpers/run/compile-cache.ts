/**
 * The workers' code cache (./compile-cache.cjs) is preloaded through NODE_OPTIONS, which the runner's workers
 * inherit: the configuration adds it once, after whatever options the user gave.
 */
import path from 'node:path';

/** The option that preloads the code cache; quoted, so that a path with spaces stays one argument. */
export const COMPILE_CACHE_OPTION = `--require ${JSON.stringify(path.join(__dirname, 'compile-cache.cjs'))}`;

/** `nodeOptions` with the code cache preloaded, added once. */
export function withCompileCache(nodeOptions: string | undefined): string {
  if (nodeOptions?.includes(COMPILE_CACHE_OPTION)) return nodeOptions;
  return [nodeOptions, COMPILE_CACHE_OPTION].filter(Boolean).join(' ');
}
