/**
 * The import rules of ARCHITECTURE.md, enforced by `npm run check:arch`.
 * A rule's name is what a developer sees when it fails, so each says what is forbidden.
 */
module.exports = {
  forbidden: [
    { name: 'shared-imports-nothing', severity: 'error',
      from: { path: '^src/shared/' }, to: { path: '^src/', pathNot: '^src/shared/' } },
    { name: 'config-imports-only-shared', severity: 'error',
      from: { path: '^src/config/' }, to: { path: '^src/', pathNot: '^src/(shared|config)/' } },
    { name: 'query-is-pure', severity: 'error',
      from: { path: '^src/query/' }, to: { path: '^src/', pathNot: '^src/(shared|query)/' } },
    { name: 'nothing-imports-app', severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app/|main\\.ts$|cli/)' }, to: { path: '^src/(app/|main\\.ts$|cli/)' } },
    { name: 'modules-use-public-doors', severity: 'error',
      comment: 'a module imports another module only through its index.ts',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] } },
    { name: 'outside-uses-module-doors', severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/.+', pathNot: '^src/modules/[^/]+/index\\.ts$' } },
    { name: 'modules-never-import-backends', severity: 'error',
      from: { path: '^src/modules/' },
      to: { path: '^src/(storage/clickhouse|storage/control-plane/(?!index\\.ts$)|http|ingest|scheduler|app)/?' } },
    { name: 'only-routes-import-fastify', severity: 'error',
      from: { path: '^src/modules/', pathNot: '-routes\\.ts$' }, to: { path: 'node_modules/(fastify|@fastify)/' } },
    { name: 'http-never-imports-backends', severity: 'error',
      from: { path: '^src/http/' }, to: { path: '^src/storage/(clickhouse|control-plane)/' } },
    { name: 'ingest-never-imports-http', severity: 'error',
      from: { path: '^src/ingest/' }, to: { path: '^src/(http|scheduler)/' } },
    { name: 'scheduler-runner-knows-no-modules', severity: 'error',
      from: { path: '^src/scheduler/', pathNot: '^src/scheduler/jobs/' }, to: { path: '^src/modules/' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
  },
};
