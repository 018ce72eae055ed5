import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { DropFilter } from './drop-filter.js';
import { dropFilterErrors } from './drop-filter-errors.js';
import { dropFilterRepository } from './drop-filter-repository.js';
import type { CreateDropFilterRequest } from './drop-filter-wire.js';

export interface DropFilterServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  /** Called after every change: this process's listener view reloads at once (others within their refresh bound). */
  readonly changed: () => void;
  /** Writes this process's unflushed drop counts, so a read shows them. */
  readonly flushCounts: () => Promise<void>;
}

export type DropFilterService = ReturnType<typeof createDropFilterService>;

export function createDropFilterService(deps: DropFilterServiceDeps) {
  const { db, clock } = deps;

  async function require(accountId: number, id: string): Promise<DropFilter> {
    const found = await dropFilterRepository.get(db, accountId, id);
    if (found === undefined) throw dropFilterErrors.notFound(id);
    return found;
  }

  return {
    /** Creates an active filter (Logz.io: "Creates and activates a new drop filter"). */
    async create(accountId: number, request: CreateDropFilterRequest): Promise<DropFilter> {
      const names = request.fieldConditions.map((condition) => condition.fieldName);
      const repeated = names.find((name, index) => names.indexOf(name) !== index);
      if (repeated !== undefined) {
        throw dropFilterErrors.invalid('body.fieldConditions', 'unique', `name the field ${JSON.stringify(repeated)} more than once`);
      }
      const logType = request.logType === undefined || request.logType.trim() === '' ? undefined : request.logType.trim();
      const now = clock.now();
      const filter: DropFilter = {
        id: randomUUID(),
        accountId,
        active: true,
        logType,
        description: request.description,
        fieldConditions: request.fieldConditions.map((condition) => ({ fieldName: condition.fieldName, value: condition.value })),
        thresholdInGB: request.thresholdInGB,
        droppedLogs: 0,
        droppedBytes: 0,
        createdAt: now,
        updatedAt: now,
      };
      await dropFilterRepository.insert(db, filter);
      deps.changed();
      return filter;
    },

    async list(accountId: number): Promise<DropFilter[]> {
      await deps.flushCounts();
      return dropFilterRepository.list(db, accountId);
    },

    async setActive(accountId: number, id: string, active: boolean): Promise<DropFilter> {
      if (!(await dropFilterRepository.setActive(db, accountId, id, active, clock.now()))) throw dropFilterErrors.notFound(id);
      deps.changed();
      await deps.flushCounts();
      return require(accountId, id);
    },

    /** Answers the deleted filter, as Logz.io does. */
    async delete(accountId: number, id: string): Promise<DropFilter> {
      await deps.flushCounts();
      const existing = await require(accountId, id);
      if (!(await dropFilterRepository.delete(db, accountId, id))) throw dropFilterErrors.notFound(id);
      deps.changed();
      return existing;
    },
  };
}
