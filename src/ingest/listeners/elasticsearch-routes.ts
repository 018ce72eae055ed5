import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../shared/clock.js';
import { decodeEsBulk, type BulkItem } from '../decoders/es-bulk-decoder.js';
import type { IngestPipeline } from '../ingest-pipeline.js';
import type { ListenerAuth } from './listener-auth.js';
import { readBody } from './request-body.js';

/** The version Elasticsearch clients see: 8.x passes the product checks of elasticsearch-js 8 and python 7.14+. */
const ES_VERSION = '8.11.0';

function infoDocument(clusterName: string) {
  return {
    name: 'logward',
    cluster_name: clusterName,
    cluster_uuid: 'logward-listener',
    version: {
      number: ES_VERSION,
      build_flavor: 'default',
      build_type: 'docker',
      build_hash: 'logward',
      build_date: '2023-11-04T10:04:57.184859352Z',
      build_snapshot: false,
      lucene_version: '9.8.0',
      minimum_wire_compatibility_version: '7.17.0',
      minimum_index_compatibility_version: '7.0.0',
    },
    tagline: 'You Know, for Search',
  };
}

function itemAnswer(item: BulkItem, id: string | undefined, seqNo: number): Record<string, unknown> {
  if (item.error !== undefined || id === undefined) {
    const error = item.error ?? { type: 'internal_server_error', reason: 'not stored', status: 500 };
    return { [item.action]: { _index: item.index, _id: null, status: error.status, error: { type: error.type, reason: error.reason } } };
  }
  return {
    [item.action]: {
      _index: item.index,
      _id: id,
      _version: 1,
      result: 'created',
      _shards: { total: 1, successful: 1, failed: 0 },
      _seq_no: seqNo,
      _primary_term: 1,
      status: 201,
    },
  };
}

/** The ingest half of the Elasticsearch API, on the listener port (real-clients.md A4, A6, A7). */
export function elasticsearchRoutes(
  app: FastifyInstance,
  deps: { readonly pipeline: IngestPipeline; readonly auth: ListenerAuth; readonly clock: Clock; readonly clusterName: string },
): void {
  const config = { protocol: 'elasticsearch' as const };

  app.get('/', { config }, async () => infoDocument(deps.clusterName));
  app.get('/_cat/health', { config }, async (request, reply) => {
    const epoch = Math.floor(deps.clock.now() / 1000);
    const row = {
      epoch: String(epoch),
      timestamp: new Date(epoch * 1000).toISOString().slice(11, 19),
      cluster: deps.clusterName,
      status: 'green',
      'node.total': '1',
      'node.data': '1',
      shards: '1',
      pri: '1',
      relo: '0',
      init: '0',
      unassign: '0',
      pending_tasks: '0',
      max_task_wait_time: '-',
      active_shards_percent: '100.0%',
    };
    const query = request.query as Record<string, unknown>;
    if (query.format === 'json') return [row];
    return reply.type('text/plain; charset=UTF-8').send(`${Object.values(row).join(' ')}\n`);
  });
  app.get('/_cluster/health', { config }, async () => ({
    cluster_name: deps.clusterName,
    status: 'green',
    timed_out: false,
    number_of_nodes: 1,
    number_of_data_nodes: 1,
  }));

  // Logs are searchable as soon as they are acknowledged, so a refresh has nothing to do.
  const refreshed = async () => ({ _shards: { total: 1, successful: 1, failed: 0 } });
  for (const url of ['/_refresh', '/:index/_refresh']) {
    app.get(url, { config }, refreshed);
    app.post(url, { config }, refreshed);
  }

  const bulk = async (request: FastifyRequest, reply: FastifyReply) => {
    const started = deps.clock.now();
    const account = deps.auth.accountOf(request);
    const pathIndex = (request.params as { index?: string }).index;
    const items = decodeEsBulk(await readBody(request), pathIndex);
    const storable = items.filter((item) => item.log !== undefined);
    const ids = await deps.pipeline.ingest(
      account,
      storable.map((item) => ({ log: item.log ?? { fields: {}, sizeBytes: 0 }, defaultType: item.index, indexType: item.index })),
    );
    const idOf = new Map<BulkItem, string>();
    storable.forEach((item, i) => {
      const id = ids[i];
      if (id !== undefined) idOf.set(item, id);
    });
    const answers = items.map((item, i) => itemAnswer(item, idOf.get(item), i));
    return reply
      .status(200)
      .send({ took: deps.clock.now() - started, errors: items.some((item) => item.error !== undefined), items: answers });
  };
  for (const url of ['/_bulk', '/:index/_bulk']) {
    app.post(url, { config, onRequest: deps.auth.require }, bulk);
    app.put(url, { config, onRequest: deps.auth.require }, bulk);
  }
}
