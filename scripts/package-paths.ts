/**
 * Where the suite's files and its dependencies are, whether it runs from a checkout or from an installed
 * package (where dependencies sit in a node_modules folder above it, not inside it).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The suite's own folder: the checkout, or the installed package. */
export const PACKAGE_ROOT = path.join(__dirname, '..');

/** A file of an installed dependency, found as Node finds packages: in node_modules folders upwards. */
export function packageFile(name: string, file: string, from = PACKAGE_ROOT): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, file);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`${name} is not installed: no node_modules/${name}/${file} above ${from}`);
}

/** The node_modules folders Node would search from the package, nearest first. */
export function nodeModulesDirs(from = PACKAGE_ROOT): string[] {
  const dirs: string[] = [];
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.basename(dir) === 'node_modules' ? dir : path.join(dir, 'node_modules');
    if (fs.existsSync(candidate) && !dirs.includes(candidate)) dirs.push(candidate);
    if (path.dirname(dir) === dir) break;
  }
  return dirs;
}
