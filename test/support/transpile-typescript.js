'use strict';
/*
 * Preloaded (`node -r`) into a child process that runs the TypeScript sources directly, as jest does:
 * each file is transpiled on require with the project's compiler options, without type checking.
 */
const { readFileSync } = require('node:fs');
const ts = require('typescript');
const { compilerOptions: options } = require('./path-aliases');

const compilerOptions = { ...options, sourceMap: false, inlineSourceMap: true };

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};
