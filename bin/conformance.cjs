#!/usr/bin/env node
// The conformance command (scripts/cli.ts). The suite is TypeScript: tsx runs the command and the report
// scripts, Playwright transpiles the specs itself.
'use strict';
require('tsx/cjs/api').register();
const { main } = require('../scripts/cli.ts');
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(2);
  },
);
