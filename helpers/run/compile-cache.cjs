// A V8 code cache for the modules a Playwright worker loads, preloaded into each worker (--require, added to
// NODE_OPTIONS by playwright.config.ts through ./compile-cache.ts). Every worker loads the runner's bundles,
// the specs and the helpers afresh: on two cores eight workers spent about half a second of CPU each compiling
// them before their first test. With the cache a worker deserializes what an earlier worker compiled, the
// functions it ran included.
//
// Node 22.1 and later have this built in (module.enableCompileCache), which is used where present. Node 20
// has no public hook: Module.prototype._compile is replaced, as v8-compile-cache does, for the worker only.
// That library cannot be used: a script compiled from a code cache on Node 20 loses its dynamic import() (V8
// drops the callback with the cache), and it caches every file. Here a file whose code holds `import(` is
// compiled by Node as usual, unless it is the runner's own (playwright, playwright-core), whose dynamic
// imports a worker of this CommonJS project never reaches or that fail alike either way: ESM test files and
// configs, component testing's vite, and the optional `kerberos` package of Negotiate proxy authentication,
// which is not installed (its import fails and Playwright reports the same missing package).
//
// One cache file per source file of the project or its dependencies, in the temporary folder, named by the
// file's path; it starts with the digest of what it was made from (digestOf), so that an edit, an upgrade or
// another machine's file only costs a compile. Written once, when a process that compiled the file ends; any
// failure to read or write it leaves the module compiled as Node would. COMPILE_CACHE=off turns it off.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

const FOLDER = path.join(os.tmpdir(), `prs-conformance-compile-cache-${process.getuid?.() ?? 'user'}`);
/** The project's own files and its dependencies are cached: a bounded set (a temporary file is not). */
const PROJECT = path.join(__dirname, '..', '..') + path.sep;
const OUTSIDE = [path.join(PROJECT, 'reports') + path.sep];
const DEPENDENCY = `${path.sep}node_modules${path.sep}`;
const RUNNER = /[\\/]node_modules[\\/]playwright(-core)?[\\/]/;
const DIGEST_BYTES = 32;

/**
 * What a cache file must have been made from: the Node version and architecture, and the source. A
 * dependency's file is what is on disk, known by its size and modification time (hashing the runner's bundles
 * on every start would cost a good part of what the cache saves); the project's files are hashed whole (the
 * runner compiles its TypeScript in memory).
 */
function digestOf(content, filename) {
  const hash = crypto.createHash('sha256').update(`${process.version} ${process.arch}\n`);
  if (filename.includes(DEPENDENCY)) {
    const { size, mtimeMs } = fs.statSync(filename);
    return hash.update(`${filename} ${size} ${mtimeMs} ${content.length}`).digest();
  }
  return hash.update(content).digest();
}

/** Whether the code cache takes `filename`, whose code is `content`. */
function cached(content, filename) {
  if (!filename.startsWith(PROJECT) || OUTSIDE.some((folder) => filename.startsWith(folder))) return false;
  return !content.includes('import(') || RUNNER.test(filename);
}

function install() {
  // A thread of the process (the loader hooks' own) ends without an exit event of its own: the main one only.
  if (process.env.COMPILE_CACHE === 'off' || !isMainThread) return;
  if (typeof Module.enableCompileCache === 'function') {
    Module.enableCompileCache(FOLDER);
    return;
  }
  try {
    fs.mkdirSync(FOLDER, { recursive: true });
  } catch {
    return;
  }
  /** Scripts compiled without a usable cache: their code cache is written when the process ends. */
  const fresh = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileCached(content, filename) {
    if (!cached(content, filename)) return compile.call(this, content, filename);
    const file = path.join(FOLDER, crypto.createHash('sha1').update(filename).digest('hex'));
    let digest;
    let cachedData;
    try {
      digest = digestOf(content, filename);
      const held = fs.readFileSync(file);
      if (held.subarray(0, DIGEST_BYTES).equals(digest)) cachedData = held.subarray(DIGEST_BYTES);
    } catch {
      // Not cached yet (or a source that is no file: compiled as Node would).
      if (digest === undefined) return compile.call(this, content, filename);
    }
    // The module wrapper Node uses; a shebang line is not JavaScript inside it.
    const script = new vm.Script(Module.wrap(content.replace(/^#!.*/, '')), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) fresh.push({ script, file, digest });
    const wrapper = script.runInThisContext({ displayErrors: true });
    // The `require` Node gives a module.
    const requireOf = (id) => this.require(id);
    requireOf.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    requireOf.resolve.paths = (request) => Module._resolveLookupPaths(request, this);
    requireOf.main = process.mainModule;
    requireOf.extensions = Module._extensions;
    requireOf.cache = Module._cache;
    return wrapper.call(this.exports, this.exports, requireOf, this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    for (const { script, file, digest } of fresh) {
      const temporary = `${file}.${process.pid}`;
      try {
        fs.writeFileSync(temporary, Buffer.concat([digest, script.createCachedData()]));
        fs.renameSync(temporary, file);
      } catch {
        // An unwritable folder: the next process compiles the file again.
        try {
          fs.rmSync(temporary, { force: true });
        } catch {
          // Nothing left to clean.
        }
      }
    }
  });
}

install();
