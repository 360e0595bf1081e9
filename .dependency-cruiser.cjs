/**
 * Dependency rules `npm run lint` checks (dependency-cruiser): areas import each other in one direction only,
 * and a web feature uses another only through its public entry (docs/architecture.md, "Folders").
 * Type-only imports count too (`tsPreCompilationDeps`): a circle of types is a circle of areas.
 */

module.exports = {
  forbidden: [
    {
      name: 'no-server-area-circles',
      comment:
        'server/src/modules/<area> folders import each other in one direction only: a circle between areas, ' +
        'through any files, is an error. An area that needs something of an area importing it takes it as a ' +
        'parameter (areas.ts passes it) or names a resource (modules/resources.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/modules/[^/]+' },
      to: { path: '^server/src/modules/[^/]+', circular: true },
    },
    {
      name: 'no-web-feature-circles',
      comment: 'web/src/features/<feature> folders import each other in one direction only.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^web/src/features/[^/]+' },
      to: { path: '^web/src/features/[^/]+', circular: true },
    },
    {
      name: 'no-web-feature-internals',
      comment: "A web feature uses another feature only through that feature's index.ts (its public entry).",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index[.]tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The web app's shell (router, layout, session) composes the features and its test helpers reach every
    // one: what they import is not a feature importing a feature.
    exclude: { path: ['node_modules', '[.]test[.]tsx?$', '/dist/', '^web/src/(app|test)/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
