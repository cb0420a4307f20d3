/**
 * `npm run test:fault`: the built server as a process of its own, with its dependencies failing under load
 * (the server killed, PostgreSQL stopped, Redis frozen or killed). Its files end in `.fault-spec.ts`,
 * which the main configuration does not pick up.
 */
const main = require('../../jest.config');

module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/fault'],
  testRegex: '\\.fault-spec\\.ts$',
  transform: main.transform,
  moduleNameMapper: main.moduleNameMapper,
  transformIgnorePatterns: main.transformIgnorePatterns,
  testTimeout: 180000,
  // Each file runs processes of its own and stops or freezes them: one at a time keeps the timings honest.
  maxWorkers: 1,
};
