import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Actor, Principal } from '../../../shared/principal.js';
import { securityRuleToWire } from '../rules/security-rule-to-wire.js';
import { SecurityRuleResponse } from '../rules/security-rule-wire.js';
import type { SigmaImportService } from './sigma-import.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' } } as const;
const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];
/** Largest import: the whole SigmaHQ Windows folder is ~10 MB; one import is a handful of rules. */
const MAX_YAML_BYTES = 5 * 1024 * 1024;

export function sigmaRoutes(service: SigmaImportService, actorOf: (principal: Principal) => Promise<Actor>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addContentTypeParser(YAML_TYPES, { parseAs: 'string', bodyLimit: MAX_YAML_BYTES }, (_request, body, done) => done(null, body));
    app.post(
      '/v2/security/rules/sigma',
      {
        schema: {
          tags: ['security rules'],
          summary: 'Import Sigma rules (YAML, documents separated by ---): all are created or none',
          consumes: YAML_TYPES,
          body: Type.String({ minLength: 1, description: 'One or more Sigma rule documents' }),
          response: { 201: Type.Object({ results: Type.Array(SecurityRuleResponse) }), ...errors },
        },
      },
      async (request, reply) => {
        const rules = await service.importYaml(await actorOf(request.principal), request.body);
        return reply.status(201).send({ results: rules.map(securityRuleToWire) });
      },
    );
  };
}
