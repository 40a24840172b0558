// Coded errors come only from catalogues (`*.errors.ts`): each code is written once, with its message and its kind,
// which the HTTP edge turns into a status. Used by eslint.config.mjs, and by the test that plants a violation.
module.exports = {
  files: ['backend/src/**/*.ts'],
  ignores: ['**/*.errors.ts', 'backend/src/shared-kernel/domain-error.ts', '**/*.spec.ts', '**/*.int-spec.ts', '**/*.api-spec.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "NewExpression[callee.name='DomainError']",
        message: 'A coded error is built in a *.errors.ts catalogue: throw its entry here.',
      },
      {
        selector: 'NewExpression[callee.name=/Exception$/]',
        message: 'An HTTP refusal is a DomainError from a *.errors.ts catalogue: its kind gives the status.',
      },
    ],
  },
};
