/**
 * `npm run test:crash`: the built server as a process of its own, killed and restarted under load.
 * Its files end in `.crash-spec.ts`, which the main configuration does not pick up.
 */
const main = require('../../jest.config');

module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/crash'],
  testRegex: '\\.crash-spec\\.ts$',
  transform: main.transform,
  moduleNameMapper: main.moduleNameMapper,
  transformIgnorePatterns: main.transformIgnorePatterns,
  testTimeout: 180000,
};
