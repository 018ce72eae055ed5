import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../api.js';
import { eachLimited } from '../common/BulkBar.js';
import type { Alert, AlertRequest } from './alert-model.js';

export interface EndpointSummary {
  readonly id: number;
  readonly title: string;
  readonly endpointType: string;
}

export const alertKeys = { all: ['alerts'] as const, one: (id: number) => ['alerts', id] as const };

export function useAlerts() {
  return useQuery({ queryKey: alertKeys.all, queryFn: ({ signal }) => api<Alert[]>('GET', '/v2/alerts', undefined, signal) });
}

export function useAlert(id: number | undefined) {
  return useQuery({
    queryKey: alertKeys.one(id ?? 0),
    enabled: id !== undefined,
    queryFn: ({ signal }) => api<Alert>('GET', `/v2/alerts/${id ?? 0}`, undefined, signal),
  });
}

export function useEndpoints() {
  return useQuery({ queryKey: ['endpoints'], queryFn: ({ signal }) => api<EndpointSummary[]>('GET', '/v1/endpoints', undefined, signal) });
}

export function useSetAlertEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api<null>('POST', `/v2/alerts/${id}/${enabled ? 'enable' : 'disable'}`),
    // The switch moves at once; a refusal puts it back (the list is read again either way).
    onMutate: async ({ id, enabled }) => {
      await client.cancelQueries({ queryKey: alertKeys.all });
      const before = client.getQueryData<Alert[]>(alertKeys.all);
      client.setQueryData<Alert[]>(alertKeys.all, (alerts) => alerts?.map((alert) => (alert.id === id ? { ...alert, enabled } : alert)));
      return { before };
    },
    onError: (_error, _change, context) => client.setQueryData(alertKeys.all, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useSaveAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: number | undefined; request: AlertRequest }) =>
      id === undefined ? api<Alert>('POST', '/v2/alerts', request) : api<Alert>('PUT', `/v2/alerts/${id}`, request),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Alert>('DELETE', `/v2/alerts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export type BulkAlertAction = 'enable' | 'disable' | 'delete';

/**
 * One action on many alerts (decision 0750). The alert API has no bulk route (Logz.io's has none either), so each
 * alert is its own request, four at a time; the answer lists each alert that failed with its reason. An alert
 * already deleted counts as deleted (what was asked holds); one gone before an enable or disable is a failure,
 * said as such. The list is read again once all have ended, so it shows what the server holds, failures included.
 */
export function useBulkAlerts(progress?: (ended: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, action }: { ids: readonly number[]; action: BulkAlertAction }) => {
      const failed = await eachLimited(
        ids,
        async (id) => {
          if (action !== 'delete') return api<null>('POST', `/v2/alerts/${id}/${action}`);
          try {
            return await api<unknown>('DELETE', `/v2/alerts/${id}`);
          } catch (error) {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          }
        },
        4,
        progress,
      );
      return { done: ids.length - failed.length, failed };
    },
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
