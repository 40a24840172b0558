/** Dependency rules checked in CI: the rules and the domain stay pure; features stay apart. */
module.exports = {
  forbidden: [
    {
      name: 'shop-rules-is-pure',
      comment: 'The shared rules run in the browser and the server: nothing but the language.',
      severity: 'error',
      from: { path: '^shop-rules/src' },
      to: { pathNot: '^shop-rules/src' },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ folders hold deciders and rules: no framework, no I/O, no clock.',
      severity: 'error',
      from: { path: '/domain/' },
      to: {
        pathNot: ['/domain/', '^shop-rules/src', '^backend/src/shared-kernel'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'shared-kernel-is-pure',
      severity: 'error',
      from: { path: '^backend/src/shared-kernel' },
      to: {
        pathNot: [
          '^backend/src/shared-kernel',
          '^eventstore/src/event-store/event-store\\.port\\.ts$',
          '^eventstore/src/index\\.ts$',
          '^eventstore/src/event-store/index\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'modules-meet-through-their-faces',
      comment: 'A backend module uses another only through what its index.ts offers (its Nest module, commands, events, queries).',
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: { path: '^backend/src/modules/', pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-meets-modules-through-their-faces',
      comment: 'The application root and the command line enter a module through its index.ts too.',
      severity: 'error',
      from: { path: '^backend/src/', pathNot: '^backend/src/modules/' },
      to: { path: '^backend/src/modules/', pathNot: '^backend/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-imports-no-module',
      comment: 'The platform serves the modules (they register their hot reads, pages and guards with it); it names none of them.',
      severity: 'error',
      from: { path: '^backend/src/(platform|shared-kernel|config)/' },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'frontend-features-are-independent',
      comment: 'bulletproof-react: features never import each other (shared -> features -> app).',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'shared-does-not-import-features',
      severity: 'error',
      from: { path: '^frontend/src/shared/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'backend-modules-do-not-reach-into-frontend',
      severity: 'error',
      from: { path: '^(backend|eventstore)/src' },
      to: { path: '^frontend/' },
    },
    {
      name: 'imports-resolve',
      comment: 'Every import resolves to a file or a package: a rule cannot be passed by an import it cannot read.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.spec|\\.int-spec|\\.api-spec|\\.test)\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.deps.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
