import { AppError } from '../../shared/app-error.js';

/** Errors of the snapshots module (decision 0672); Logz.io documents none, so the wire codes are ours. */
export const snapshotErrors = {
  noRecipient: () =>
    new AppError('invalid_argument', 'body: give at least one of emails, slackWebhookUrls or endpoints: a snapshot is sent to someone', {
      wireCode: 'snapshots/NO_RECIPIENT',
      parameters: { field: 'body', rule: 'oneOfRequired', fields: ['emails', 'slackWebhookUrls', 'endpoints'] },
    }),
  badTimeFrame: (from: number, to: number) =>
    new AppError('invalid_argument', `body.timeFrameTo (${to}) must be after body.timeFrameFrom (${from})`, {
      wireCode: 'snapshots/INVALID_TIME_FRAME',
      parameters: { field: 'body.timeFrameTo', rule: 'after timeFrameFrom' },
    }),
  badTimeZone: (zone: string) =>
    new AppError('invalid_argument', `body.snapshotTimeZone: ${JSON.stringify(zone)} is not an IANA time zone (e.g. UTC, Europe/Paris)`, {
      wireCode: 'snapshots/INVALID_TIME_ZONE',
      parameters: { field: 'body.snapshotTimeZone', rule: 'timeZone' },
    }),
  badObjectId: (id: string, type: string) =>
    new AppError('invalid_argument', `body.snapshotSavedObjectId: ${JSON.stringify(id)} names a ${type}, not what snapshotType asks for`, {
      wireCode: 'snapshots/INVALID_SAVED_OBJECT_ID',
      parameters: { field: 'body.snapshotSavedObjectId', rule: 'type' },
    }),
  unknownEndpoints: (ids: readonly number[]) =>
    new AppError('invalid_argument', `body.endpoints: ${ids.join(', ')} are not notification endpoints of this account`, {
      wireCode: 'snapshots/UNKNOWN_ENDPOINT',
      parameters: { field: 'body.endpoints', rule: 'exists', ids },
    }),
  badSlackUrl: (index: number) =>
    new AppError('invalid_argument', `body.slackWebhookUrls[${index}] is not an http(s) URL`, {
      wireCode: 'snapshots/INVALID_WEBHOOK_URL',
      parameters: { field: `body.slackWebhookUrls[${index}]`, rule: 'url' },
    }),
  savedObjectNotFound: (type: string, id: string) =>
    new AppError('not_found', `${type} ${id} not found in this account`, {
      wireCode: 'snapshots/SAVED_OBJECT_NOT_FOUND',
      parameters: { field: 'body.snapshotSavedObjectId', type, id },
    }),
  notFound: (id: number) =>
    new AppError('not_found', `snapshot ${id} not found`, { wireCode: 'snapshots/NOT_FOUND', parameters: { snapshotId: id } }),
  imageNotFound: () => new AppError('not_found', 'no such snapshot image (it may have expired)', { wireCode: 'snapshots/IMAGE_NOT_FOUND' }),
};
