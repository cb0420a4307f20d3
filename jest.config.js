/** Unit tests sit beside the code (`*.spec.ts`); integration and HTTP tests live in `test/`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/libs', '<rootDir>/test', '<rootDir>/bench'],
  testRegex: '\\.(spec|e2e-spec|int-spec)\\.ts$',
  transform: {
    // Transpile only: type checking is `npm run typecheck`'s job, and it keeps the suite fast.
    '^.+\\.ts$': ['ts-jest', { isolatedModules: true }],
    // ESM-only dependencies reached through require() (the Swagger UI's static file server).
    '^.+\\.js$': ['ts-jest', { isolatedModules: true, tsconfig: { allowJs: true, module: 'commonjs' } }],
  },
  // The path aliases of tsconfig.json.
  moduleNameMapper: {
    '^@tessera/core$': '<rootDir>/libs/core/src',
    '^@tessera/http$': '<rootDir>/libs/http/src',
  },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|@apidevtools/json-schema-ref-parser)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
