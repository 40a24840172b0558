// Three tiers, one runner: unit (*.spec.ts), contract and integration (*.int-spec.ts), API (*.api-spec.ts).
// NestJS 12 ships ESM only, so @swc/jest transforms those packages too (see docs/decisions).
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];
const esmOnly = ['@nestjs', 'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', '@borewit'];
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@brewery/shop-rules$': '<rootDir>/shop-rules/src/index.ts',
    '^@brewery/eventstore$': '<rootDir>/eventstore/src/index.ts',
    '^@brewery/eventstore/testing$': '<rootDir>/eventstore/src/testing/index.ts',
  },
  roots: ['<rootDir>/shop-rules', '<rootDir>/eventstore', '<rootDir>/backend'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
module.exports = {
  // Jest reads the timeout only at the top level, not per project.
  testTimeout: 60000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'contract',
      testMatch: ['**/*.int-spec.ts'],
      // One throwaway PostgreSQL server for the whole tier (TEST_DATABASE_URL).
      globalSetup: '<rootDir>/eventstore/src/testing/jest-global-setup.ts',
      globalTeardown: '<rootDir>/eventstore/src/testing/jest-global-teardown.ts',
    },
    { ...shared, displayName: 'api', testMatch: ['**/*.api-spec.ts'] },
    // Fault and safety tests against the built server and in-process apps; FAULT_SCALE=long for the long runs.
    { ...shared, displayName: 'faults', roots: ['<rootDir>/tests/faults'], testMatch: ['**/*.fault-spec.ts'] },
    // Playwright driving Debian's Chromium against the built shop (`npm run build` first).
    { ...shared, displayName: 'browser', roots: ['<rootDir>/tests/browser'], testMatch: ['**/*.browser-spec.ts'] },
  ],
};
