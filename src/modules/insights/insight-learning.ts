import { PatternParser, type Template } from '../../patterns/pattern-parser.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { matchSignature, type KnownErrorSignature } from './catalog/known-error-signature.js';
import { templateQuery } from './discover-link.js';
import { insightRepository, type InsightRecord, type LearningState } from './insight-repository.js';
import { addSamples, type VariableSamples } from './template-samples.js';
import { normalisedLevel, type ReadWarnings, type WarningLog } from './warning-log-reader.js';

/** Insights are tracked while they recur; one not seen for this long is forgotten (SPEC.md: 6 months). */
export const LOOK_BACK_MS = 183 * 86_400_000;
/** How far back an account's first cycle reads. */
export const FIRST_READ_BACK_MS = 86_400_000;
/** Logs stamped within this of now are left to the next cycle, so late arrivals of the last seconds are read. */
export const SETTLE_MS = 30_000;
const PAGE_SIZE = 1_000;
/** Pages per account per cycle: a backlog is caught up over several cycles, never in one long one. */
const MAX_PAGES_PER_CYCLE = 20;
/**
 * Templates an account's parser keeps. The state is saved every cycle; past this, messages are only matched against
 * what was learned (an account whose warnings never repeat a shape would otherwise grow it without bound).
 */
export const MAX_TEMPLATES_PER_ACCOUNT = 20_000;

export interface InsightLearningDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly readWarnings: ReadWarnings;
  /** The accounts to learn (those holding the insights grant). */
  readonly accountIds: () => Promise<readonly number[]>;
  readonly catalog: readonly KnownErrorSignature[];
}

export interface LearningReport {
  readonly accounts: number;
  readonly logs: number;
  readonly insightsTouched: number;
}

/** What one cycle saw of one insight, merged into the stored record afterwards. */
interface Delta {
  count: number;
  first: number;
  last: number;
  readonly logTypes: Set<string>;
  level: 'error' | 'warning';
  readonly samples: VariableSamples;
  readonly source: { kind: 'template'; template: Template } | { kind: 'signature'; signature: KnownErrorSignature; example: string };
}

function observe(deltas: Map<string, Delta>, id: string, log: WarningLog, make: () => Delta['source']): Delta {
  let delta = deltas.get(id);
  if (delta === undefined) {
    delta = { count: 0, first: log.timestampMs, last: log.timestampMs, logTypes: new Set(), level: 'warning', samples: {}, source: make() };
    deltas.set(id, delta);
  }
  delta.count++;
  delta.first = Math.min(delta.first, log.timestampMs);
  delta.last = Math.max(delta.last, log.timestampMs);
  delta.logTypes.add(log.type);
  if (normalisedLevel(log.level) === 'error') delta.level = 'error';
  return delta;
}

function merged(accountId: number, id: string, delta: Delta, stored: InsightRecord | undefined): InsightRecord {
  const logTypes = [...new Set([...(stored?.logTypes ?? []), ...delta.logTypes])].sort();
  const base = {
    accountId,
    insightId: id,
    firstOccurrence: Math.min(stored?.firstOccurrence ?? delta.first, delta.first),
    lastOccurrence: Math.max(stored?.lastOccurrence ?? delta.last, delta.last),
    count: (stored?.count ?? 0) + delta.count,
    logTypes,
  };
  if (delta.source.kind === 'signature') {
    const { signature, example } = delta.source;
    return {
      ...base,
      insightType: 'PUBLIC_CI',
      tagName: signature.tagName,
      title: signature.title,
      description: signature.description,
      links: signature.links,
      query: signature.query,
      additionalData: stored?.additionalData ?? { signature: { id: signature.id }, sample: { message: example.slice(0, 2000) } },
    };
  }
  const { template } = delta.source;
  const samples: VariableSamples = structuredClone((stored?.additionalData ?? {}) as VariableSamples);
  for (const [key, value] of Object.entries(delta.samples)) {
    const entry = (samples[key] ??= { position: value.position, samples: [] });
    for (const sample of value.samples) if (entry.samples.length < 5 && !entry.samples.includes(sample)) entry.samples.push(sample);
  }
  const level = stored?.tagName === 'error' || delta.level === 'error' ? 'error' : 'warning';
  return {
    ...base,
    insightType: 'LOGCEPTION',
    tagName: level,
    title: template.text,
    description: `A recurring ${level} message of the account's logs, learned as a template; <*> marks the parts that vary.`,
    links: [],
    query: templateQuery(template.tokens),
    additionalData: samples,
  };
}

export type InsightLearning = ReturnType<typeof createInsightLearning>;

/**
 * The LOGCEPTION and PUBLIC_CI learner, run as a scheduled job (decision 0552): each cycle reads every granted
 * account's new warning and error logs from the log store, labels them with the template parser (src/patterns) and
 * the known-error catalog, and merges what it saw into the account's insights. Ingest does nothing for it. The
 * parser's templates and the read position are stored with the insights in one transaction, so a restart resumes
 * where the last cycle ended with the templates it had learned.
 */
export function createInsightLearning(deps: InsightLearningDeps) {
  const { db, clock, logger } = deps;

  async function learnAccount(accountId: number, signal: AbortSignal): Promise<{ logs: number; touched: number }> {
    const now = clock.now();
    const until = now - SETTLE_MS;
    const stored = await insightRepository.loadState(db, accountId);
    const parser = new PatternParser(undefined, stored?.parser);
    const fromMs = stored?.fromMs ?? now - FIRST_READ_BACK_MS;
    let cursor = stored?.cursor ?? null;
    if (until <= fromMs) return { logs: 0, touched: 0 };

    const deltas = new Map<string, Delta>();
    let logs = 0;
    let done = false;
    for (let page = 0; page < MAX_PAGES_PER_CYCLE && !signal.aborted; page++) {
      const read = await deps.readWarnings({ accountId, fromMs, toMs: until, cursor, limit: PAGE_SIZE });
      if (read.cursor !== null) cursor = read.cursor;
      logs += read.logs.length;
      // A known error is its PUBLIC_CI insight only: learning it as a template too would list it twice.
      const unknown: WarningLog[] = [];
      for (const log of read.logs) {
        const signature = matchSignature(deps.catalog, log.message);
        if (signature === undefined) unknown.push(log);
        else observe(deltas, `P-${signature.id}`, log, () => ({ kind: 'signature', signature, example: log.message }));
      }
      const full = parser.templates.length >= MAX_TEMPLATES_PER_ACCOUNT;
      const templates = full ? unknown.map((log) => parser.match(log.message)) : parser.learn(unknown.map((log) => log.message));
      unknown.forEach((log, i) => {
        const template = templates[i];
        if (template === undefined) return;
        const delta = observe(deltas, `L-${template.id}`, log, () => ({ kind: 'template', template }));
        addSamples(delta.samples, template.tokens, log.message);
      });
      if (read.fetched < PAGE_SIZE) {
        done = true;
        break;
      }
    }
    // A learned template may be refined by later messages of the same batch; the title shows the parser's latest.
    const latest = new Map(parser.templates.map((template) => [`L-${template.id}`, template]));
    const state: LearningState = done
      ? { parser: parser.state(), fromMs: until, cursor: null }
      : { parser: parser.state(), fromMs, cursor };

    await db.transaction().execute(async (tx) => {
      const existing = await insightRepository.byIds(tx, accountId, [...deltas.keys()]);
      for (const [id, delta] of deltas) {
        const template = latest.get(id);
        const current: Delta = template === undefined ? delta : { ...delta, source: { kind: 'template', template } };
        await insightRepository.upsert(tx, merged(accountId, id, current, existing.get(id)));
      }
      await insightRepository.pruneBefore(tx, accountId, now - LOOK_BACK_MS);
      await insightRepository.saveState(tx, accountId, state, now);
    });
    return { logs, touched: deltas.size };
  }

  return {
    /** One cycle over every granted account; an account that fails is logged and retried next cycle. */
    async runCycle(signal: AbortSignal = new AbortController().signal): Promise<LearningReport> {
      let logs = 0;
      let touched = 0;
      const accounts = await deps.accountIds();
      for (const accountId of accounts) {
        if (signal.aborted) break;
        try {
          const report = await learnAccount(accountId, signal);
          logs += report.logs;
          touched += report.touched;
        } catch (error) {
          logger.warn({ err: error, accountId }, 'insight learning failed for an account');
        }
      }
      return { accounts: accounts.length, logs, insightsTouched: touched };
    },
  };
}
