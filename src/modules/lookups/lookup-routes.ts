import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOOKUP_LIMITS } from './lookup.js';
import type { LookupService } from './lookup-service.js';
import {
  AddLookupElementBody,
  BulkAddBody,
  BulkAddQuery,
  BulkAddResponse,
  CreateLookupListBody,
  ElementParams,
  elementToWire,
  ListIdParams,
  ListPathParams,
  listToWire,
  LookupElementPage,
  LookupElementResponse,
  LookupListPage,
  LookupListResponse,
  SearchLookupElementsBody,
  SearchLookupListsBody,
  UpdateLookupElementBody,
  UpdateLookupListBody,
} from './lookup-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['lookup lists'];
const BASE = '/v1/lookup-lists';
const firstPage = { pageNumber: 1, pageSize: LOOKUP_LIMITS.pageSizeDefault };

/** Lookup lists of the caller's account (decision 0450: a Logs account's token manages them). */
export function lookupRoutes(service: LookupService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      BASE,
      { schema: { tags, summary: 'Create a lookup list', body: CreateLookupListBody, response: { 200: LookupListResponse, ...errors } } },
      async (request) => listToWire(await service.createList(request.principal.accountId, request.body)),
    );
    app.post(
      `${BASE}/search`,
      { schema: { tags, summary: 'Search the lookup lists', body: SearchLookupListsBody, response: { 200: LookupListPage, ...errors } } },
      async (request) => {
        const pagination = request.body.pagination ?? firstPage;
        const found = await service.searchLists(request.principal.accountId, request.body.filter ?? {}, pagination);
        return { total: found.total, results: found.lists.map(listToWire), pagination };
      },
    );
    app.get(
      `${BASE}/:id`,
      { schema: { tags, summary: 'Get a lookup list', params: ListIdParams, response: { 200: LookupListResponse, ...errors } } },
      async (request) => listToWire(await service.getList(request.principal.accountId, request.params.id)),
    );
    app.put(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: 'Rename or redescribe a lookup list',
          params: ListIdParams,
          body: UpdateLookupListBody,
          response: { 200: LookupListResponse, ...errors },
        },
      },
      async (request) => listToWire(await service.updateList(request.principal.accountId, request.params.id, request.body)),
    );
    app.delete(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a lookup list; answers the deleted list, or 409 naming the alerts and rules that use it',
          params: ListIdParams,
          response: { 200: LookupListResponse, ...errors, 409: { $ref: 'ErrorBody#' } },
        },
      },
      async (request) => listToWire(await service.deleteList(request.principal.accountId, request.params.id)),
    );
    app.post(
      `${BASE}/:lookupListId/elements`,
      {
        schema: {
          tags,
          summary: 'Add an element to a lookup list',
          params: ListPathParams,
          body: AddLookupElementBody,
          response: { 200: LookupElementResponse, ...errors },
        },
      },
      async (request) => elementToWire(await service.addElement(request.principal.accountId, request.params.lookupListId, request.body)),
    );
    app.post(
      `${BASE}/:lookupListId/elements/search`,
      {
        schema: {
          tags,
          summary: 'Search the elements of a lookup list',
          params: ListPathParams,
          body: SearchLookupElementsBody,
          response: { 200: LookupElementPage, ...errors },
        },
      },
      async (request) => {
        const pagination = request.body.pagination ?? firstPage;
        const found = await service.searchElements(
          request.principal.accountId,
          request.params.lookupListId,
          request.body.filter ?? {},
          pagination,
        );
        return { total: found.total, results: found.elements.map(elementToWire), pagination };
      },
    );
    app.post(
      `${BASE}/:lookupListId/elements/bulk-add`,
      {
        schema: {
          tags,
          summary: 'Add many elements; values the list holds are merged',
          params: ListPathParams,
          querystring: BulkAddQuery,
          body: BulkAddBody,
          response: { 200: BulkAddResponse, ...errors },
        },
      },
      async (request) => service.bulkAdd(request.principal.accountId, request.params.lookupListId, request.body, request.query.defaultTTL),
    );
    app.get(
      `${BASE}/:lookupListId/elements/:id`,
      { schema: { tags, summary: 'Get an element', params: ElementParams, response: { 200: LookupElementResponse, ...errors } } },
      async (request) =>
        elementToWire(await service.getElement(request.principal.accountId, request.params.lookupListId, request.params.id)),
    );
    app.put(
      `${BASE}/:lookupListId/elements/:id`,
      {
        schema: {
          tags,
          summary: 'Replace an element',
          params: ElementParams,
          body: UpdateLookupElementBody,
          response: { 200: LookupElementResponse, ...errors },
        },
      },
      async (request) =>
        elementToWire(
          await service.updateElement(request.principal.accountId, request.params.lookupListId, request.params.id, request.body),
        ),
    );
    app.delete(
      `${BASE}/:lookupListId/elements/:id`,
      {
        schema: {
          tags,
          summary: 'Delete an element; answers the deleted element',
          params: ElementParams,
          response: { 200: LookupElementResponse, ...errors },
        },
      },
      async (request) =>
        elementToWire(await service.deleteElement(request.principal.accountId, request.params.lookupListId, request.params.id)),
    );
  };
}
