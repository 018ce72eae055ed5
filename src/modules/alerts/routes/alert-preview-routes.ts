import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { AlertService } from '../definition/alert-service.js';
import { AlertIdShortParams, AlertRequest } from './alert-wire.js';
import { AlertPreviewResponse, previewToWire } from './alert-preview-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['alerts'];

/** Aborted when the client goes away first: the preview's remaining searches are not asked. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The alert preview (decision 0678): an alert, saved or from the form, run over the last 24 hours without firing. */
export function alertPreviewRoutes(service: AlertService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v2/alerts/preview',
      {
        schema: {
          tags,
          summary: 'Run an unsaved alert over the last 24 hours: when it would have fired (nothing is recorded or sent)',
          body: AlertRequest,
          response: { 200: AlertPreviewResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { preview, windowMinutes } = await service.previewDraft(request.principal.accountId, request.body, clientGone(reply));
        return previewToWire(preview, windowMinutes);
      },
    );
    app.post(
      '/v2/alerts/:id/preview',
      {
        schema: {
          tags,
          summary: 'Run a saved alert over the last 24 hours: when it would have fired (nothing is recorded or sent)',
          params: AlertIdShortParams,
          response: { 200: AlertPreviewResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { preview, windowMinutes } = await service.previewSaved(request.principal.accountId, request.params.id, clientGone(reply));
        return previewToWire(preview, windowMinutes);
      },
    );
  };
}
