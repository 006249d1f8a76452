/** Layering rules of the monorepo (see ../shared/STYLE.md): checked in CI by `npm run depcheck`. */
module.exports = {
  forbidden: [
    {
      name: 'service-imports-another-service',
      severity: 'error',
      comment: 'A service never imports another service: talk over NATS, share through packages/.',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'contracts-depend-on-zod-only',
      severity: 'error',
      comment: 'Contracts are data: zod and nothing else (no Node built-ins, no other packages).',
      from: { path: '^packages/contracts/src' },
      to: { pathNot: ['^packages/contracts/src', 'node_modules/zod/'] },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|bff|workflows|web)/' },
    },
    {
      name: 'apps-never-import-each-other',
      severity: 'error',
      comment: 'BFF, workflows and services meet only through contracts: on NATS, or @pm/workflow-contracts for Temporal.',
      from: { path: '^(bff|workflows)/' },
      to: { path: '^(services|bff|workflows|web)/', pathNot: '^$1/' },
    },
    {
      name: 'services-never-import-bff-workflows-web',
      severity: 'error',
      comment: 'Services start, signal and query workflows through @pm/workflow-contracts (packages/), never the worker.',
      from: { path: '^services/' },
      to: { path: '^(bff|workflows|web)/' },
    },
    {
      name: 'web-talks-http-only',
      severity: 'error',
      comment: 'The browser reaches the platform through the BFF over HTTP; no server package in the bundle.',
      from: { path: '^web/src' },
      to: { path: '^(services|bff|workflows|packages/(ai|document-reading|messaging|nest-kit|testing))/' },
    },
    {
      name: 'web-features-stand-alone',
      severity: 'error',
      comment:
        'A web feature never imports another: what several share lives in web/src/app (data, shell, registries that compose the features) or web/src/lib (feature-free helpers).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/([^/]+)/',
        pathNot: [
          '^web/src/features/$1/',
          // Not yet moved (issue 8): the onboarding step embeds the create-location form; it belongs in app/ with its
          // create and address-search endpoints. Remove this exception when it moves.
          '^web/src/features/property-locations/create-property-location/PropertyLocationForm[.]tsx$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['development', 'import', 'node', 'default'] },
  },
};
