'use strict';
/*
 * Lets plain Node resolve the path aliases of tsconfig.json (exact names, like `@tessera/http`) to
 * their source folders: for code that runs the TypeScript sources outside jest's module registry
 * (jest's global setup, child processes started with transpile-typescript.js).
 */
const Module = require('node:module');
const { dirname, resolve } = require('node:path');
const ts = require('typescript');

const configPath = ts.findConfigFile(__dirname, ts.sys.fileExists);
const { options } = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, dirname(configPath));
const aliases = new Map(Object.entries(options.paths ?? {}).map(([alias, [target]]) => [alias, resolve(dirname(configPath), target)]));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};

module.exports = { compilerOptions: options };
