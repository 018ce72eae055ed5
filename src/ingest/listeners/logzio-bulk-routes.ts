import type { FastifyInstance } from 'fastify';
import { emptyLineCounts, ndjsonLogs } from '../decoders/ndjson-decoder.js';
import type { IncomingLog } from '../ingest-pipeline.js';
import type { IngestPipeline } from '../ingest-pipeline.js';
import type { RawLog } from '../normalise/normalise-log.js';
import type { ListenerAuth } from './listener-auth.js';
import { readBody } from './request-body.js';

const TYPE_PATTERN = /^[^\s]{1,100}$/;

function* incomingOf(logs: Iterable<RawLog>, defaultType: string | undefined): Generator<IncomingLog> {
  for (const log of logs) yield { log, defaultType };
}

/** Logz.io's HTTP bulk endpoint: `POST /?token=…&type=…` with NDJSON (api-reference §2.16). */
export function logzioBulkRoutes(app: FastifyInstance, deps: { readonly pipeline: IngestPipeline; readonly auth: ListenerAuth }): void {
  app.post('/', { config: { protocol: 'logzio' }, onRequest: deps.auth.require }, async (request, reply) => {
    const account = deps.auth.accountOf(request);
    const query = request.query as Record<string, unknown>;
    const type = typeof query.type === 'string' && TYPE_PATTERN.test(query.type) ? query.type : undefined;
    const body = await readBody(request);
    const counts = emptyLineCounts();
    await deps.pipeline.ingest(account, incomingOf(ndjsonLogs(body, counts), type));
    if (counts.malformedLines + counts.oversizedLines + counts.emptyLogLines > 0) return reply.status(400).send(counts);
    return reply.status(200).send();
  });
}
