#!/usr/bin/env node
// The `folio` command: a committed, executable shim, so the bin works before and after a build
// without relying on the install step to mark dist/ executable.
import '../dist/main.js';
