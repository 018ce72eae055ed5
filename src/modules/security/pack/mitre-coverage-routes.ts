import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AttackCatalog } from '../../../sigma/index.js';
import type { SecurityRuleService } from '../rules/security-rule-service.js';
import { mitreCoverage } from './mitre-coverage.js';

const Linked = { id: Type.String(), name: Type.String(), url: Type.String() };
const CoverageResponse = Type.Object({
  tactics: Type.Array(
    Type.Object({
      ...Linked,
      ruleCount: Type.Integer({ description: 'Enabled rules covering the tactic' }),
      techniquesCovered: Type.Integer(),
      techniquesTotal: Type.Integer(),
      techniques: Type.Array(Type.Object({ ...Linked, rules: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })) })),
    }),
  ),
});

export function mitreCoverageRoutes(rules: SecurityRuleService, catalog: AttackCatalog): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v2/security/mitre-coverage',
      {
        schema: {
          tags: ['security rules'],
          summary: 'Per ATT&CK tactic and technique, the enabled rules covering it',
          response: { 200: CoverageResponse, 403: { $ref: 'LegacyErrorBody#' } },
        },
      },
      async (request) => ({ tactics: mitreCoverage(await rules.list(request.principal.accountId), catalog) }),
    );
  };
}
