#!/usr/bin/env node
'use strict';

// Node 22.1 and later keep compiled code between runs, so commands that load the server's modules start sooner.
require('node:module').enableCompileCache?.();
require('../dist/src/cli/main.js').main();
