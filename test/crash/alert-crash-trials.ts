import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/external-process.js';
import { apiCall, startLogwardProcess, type LogwardProcess } from '../support/logward-process.js';

export interface AlertCrashReport {
  readonly trials: number;
  readonly acknowledgedLogs: number;
  readonly lostLogs: number;
  /** (window, group) pairs whose stored logs should have fired the alert. */
  readonly expectedFirings: number;
  readonly lostFirings: readonly string[];
  readonly doubledFirings: readonly string[];
  /** Firings whose value differs from the stored logs' count in their window. */
  readonly wrongValues: readonly string[];
  readonly notifiedFirings: number;
  readonly undeliveredFirings: readonly string[];
  /** Notifications sent more than once (at-least-once delivery across a kill), reported, not failed. */
  readonly duplicateDeliveries: number;
  readonly durationMs: number;
}

/**
 * A rule fires once per incident (decision 0691): a group that fired is not fired again while its window overlaps.
 * So that every trial has firings to lose or double, the group names move on every 2 s (two groups at a time): each
 * new group is a new incident that must fire exactly once, whatever kill came in between.
 */
const GROUP_MS = 2_000;
const groupOf = (seq: number, ts: number): string => `g${Math.floor(ts / GROUP_MS) % 100_000}-${seq % 2}`;
const FRAME_MS = 60_000;

interface Stored {
  readonly ts: number;
  readonly g: string;
  readonly seq: number;
}

/**
 * kill -9 while alerts are being evaluated: the service as a process (all roles, a 1 s alert grid) with an alert
 * that fires every window per group while logs flow; killed at random moments, restarted on the same data. Then
 * every (window, group) whose stored logs cross the threshold fired exactly once with the right count, and its
 * notification reached the webhook.
 */
export async function runAlertCrashTrials(options: { trials: number; onTrial?: (trial: number) => void }): Promise<AlertCrashReport> {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-alert-crash-'));
  const deliveries = new Map<string, number>();
  const sink = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        const n = JSON.parse(body) as { end: number; group: { g?: string }; test?: boolean };
        if (n.test !== true) {
          const key = `${n.end}/${n.group.g ?? ''}`;
          deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
        }
      } catch {
        // Not one of ours.
      }
      res.end('{}');
    });
  });
  const sinkPort = await freePort();
  await new Promise<void>((resolve) => sink.listen(sinkPort, '127.0.0.1', resolve));
  const env = { LOGWARD_DETECTION_INTERVAL_SECONDS: '1' };
  const acknowledged = new Set<number>();
  let seq = 0;
  let lastLogMs = 0;
  let service: LogwardProcess | undefined;
  try {
    for (let trial = 0; trial < options.trials; trial += 1) {
      service = await startLogwardProcess({ dataDir, env });
      if (trial === 0) await defineAlert(service, sinkPort);
      let stop = false;
      const running = service;
      const sender = (async () => {
        while (!stop) {
          const batch = Array.from({ length: 5 }, () => {
            const ts = Date.now();
            return { seq: seq, g: groupOf(seq++, ts), ts };
          });
          try {
            const response = await fetch(`${running.listenerUrl}/?token=${running.shippingToken}&type=crashalert`, {
              method: 'POST',
              body: batch
                .map((log) =>
                  JSON.stringify({
                    '@timestamp': new Date(log.ts).toISOString(),
                    message: `alert crash ${log.seq}`,
                    g: log.g,
                    seq: log.seq,
                  }),
                )
                .join('\n'),
            });
            await response.arrayBuffer();
            if (response.status === 200) {
              for (const log of batch) acknowledged.add(log.seq);
              lastLogMs = Math.max(lastLogMs, ...batch.map((log) => log.ts));
            }
          } catch {
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // Long enough for several evaluation cycles (1 s grid) to be under way when the kill comes.
      await new Promise((resolve) => setTimeout(resolve, 1_500 + Math.random() * 4_000));
      stop = true;
      await service.kill();
      await sender;
      options.onTrial?.(trial);
    }
    // The last start: no kill; wait until every window up to the last log is judged and sent.
    service = await startLogwardProcess({ dataDir, env });
    const lastWindow = Math.floor(lastLogMs / 1000) * 1000;
    const firings = await waitForWindows(service, lastWindow);
    const stored = await storedLogs(service);
    await waitForDeliveries(deliveries, firings.length);
    return judge({ stored, firings, acknowledged, deliveries, lastWindow, trials: options.trials, started });
  } finally {
    await service?.stop({ keepData: true });
    sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function defineAlert(service: LogwardProcess, sinkPort: number): Promise<void> {
  const endpoint = await apiCall(service.apiUrl, service.apiToken, 'POST', '/v1/endpoints/custom', {
    title: 'crash sink',
    url: `http://127.0.0.1:${sinkPort}/`,
    method: 'POST',
    bodyTemplate: { end: '{{alert_timeframe_end_epoch_millis}}', group: '{{alert_group_by}}', test: '{{alert_is_test}}' },
  });
  if (endpoint.status !== 200) throw new Error(`endpoint: ${endpoint.status} ${endpoint.text}`);
  const alert = await apiCall(service.apiUrl, service.apiToken, 'POST', '/v2/alerts', {
    title: 'crash alert',
    searchTimeFrameMinutes: 1,
    output: {
      recipients: { emails: [], notificationEndpointIds: [(endpoint.body as { id: number }).id] },
      suppressNotificationsMinutes: 0,
      type: 'JSON',
    },
    subComponents: [
      {
        queryDefinition: { query: 'type:crashalert', groupBy: ['g'], aggregation: { aggregationType: 'COUNT' } },
        trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
        output: { shouldUseAllFields: true },
      },
    ],
  });
  if (alert.status !== 200) throw new Error(`alert: ${alert.status} ${alert.text}`);
}

interface Firing {
  readonly end: number;
  readonly g: string;
  readonly value: number;
}

async function triggered(service: LogwardProcess): Promise<Firing[]> {
  const all: Firing[] = [];
  for (let from = 0; ; from += 500) {
    const page = await apiCall(service.apiUrl, service.apiToken, 'POST', '/v1/alerts/triggered-alerts', {
      from,
      size: 500,
      sortBy: 'DATE',
      sortOrder: 'ASC',
    });
    if (page.status !== 200) throw new Error(`triggered alerts: ${page.status} ${page.text.slice(0, 300)}`);
    const results = (page.body as { results: { alertWindowEndDate: number; groupBy: { g?: string }; value: number }[] }).results;
    all.push(...results.map((r) => ({ end: Math.round(r.alertWindowEndDate * 1000), g: r.groupBy.g ?? '', value: r.value })));
    if (results.length < 500) return all;
  }
}

async function waitForWindows(service: LogwardProcess, lastWindow: number): Promise<Firing[]> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const firings = await triggered(service);
    if (firings.some((f) => f.end >= lastWindow)) return firings;
    if (Date.now() > deadline)
      throw new Error(`no window up to ${new Date(lastWindow).toISOString()} judged in 3 minutes (${firings.length} firings)`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/**
 * Notifications are owed at least once; the dispatcher sends a bounded number per cycle, so a long run's backlog
 * (trials live a few seconds each) drains after the last start. Waits while deliveries keep arriving; a minute
 * without one ends the wait, and what is missing then is reported undelivered.
 */
async function waitForDeliveries(deliveries: ReadonlyMap<string, number>, expected: number): Promise<void> {
  let seen = deliveries.size;
  let lastProgress = Date.now();
  while (deliveries.size < expected && Date.now() - lastProgress < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (deliveries.size > seen) {
      seen = deliveries.size;
      lastProgress = Date.now();
    }
  }
}

async function storedLogs(service: LogwardProcess): Promise<Stored[]> {
  const logs: Stored[] = [];
  let page = await apiCall(service.apiUrl, service.apiToken, 'POST', '/_search?scroll=1m', {
    query: { query_string: { query: 'type:crashalert' } },
    size: 5_000,
    _source: ['@timestamp', 'g', 'seq'],
  });
  for (;;) {
    if (page.status !== 200) throw new Error(`stored logs: ${page.status} ${page.text.slice(0, 300)}`);
    const body = page.body as { _scroll_id?: string; hits: { hits: { _source: { '@timestamp': string; g: string; seq: number } }[] } };
    const hits = body.hits.hits;
    logs.push(...hits.map((h) => ({ ts: Date.parse(h._source['@timestamp']), g: h._source.g, seq: Number(h._source.seq) })));
    if (hits.length === 0 || body._scroll_id === undefined) return logs;
    page = await apiCall(service.apiUrl, service.apiToken, 'POST', '/_search/scroll', { scroll: '1m', scroll_id: body._scroll_id });
  }
}

function judge(input: {
  stored: readonly Stored[];
  firings: readonly Firing[];
  acknowledged: ReadonlySet<number>;
  deliveries: ReadonlyMap<string, number>;
  lastWindow: number;
  trials: number;
  started: number;
}): AlertCrashReport {
  const storedSeqs = new Set(input.stored.map((log) => log.seq));
  const lostLogs = [...input.acknowledged].filter((seq) => !storedSeqs.has(seq)).length;
  const byKey = new Map<string, Firing[]>();
  for (const firing of input.firings) byKey.set(`${firing.end}/${firing.g}`, [...(byKey.get(`${firing.end}/${firing.g}`) ?? []), firing]);
  const doubled = [...byKey].filter(([, list]) => list.length > 1).map(([key]) => key);
  // From the first judged window (the first evaluation judges only the newest one) to the last log's.
  const first = Math.min(...input.firings.map((f) => f.end));
  const groups = [...new Set(input.stored.map((log) => log.g))];
  const timestamps = new Map<string, number[]>(
    groups.map((g) => [
      g,
      input.stored
        .filter((log) => log.g === g)
        .map((log) => log.ts)
        .sort((a, b) => a - b),
    ]),
  );
  const countIn = (g: string, from: number, to: number): number => (timestamps.get(g) ?? []).filter((ts) => ts >= from && ts < to).length;
  const lost: string[] = [];
  const wrong: string[] = [];
  let expected = 0;
  for (const g of groups) {
    // The windows of this group that fired, in order: a window is owed a firing when its logs cross the threshold and
    // no firing of the group ends inside it (the incident it belongs to has not fired yet).
    const firedEnds = input.firings
      .filter((f) => f.g === g)
      .map((f) => f.end)
      .sort((a, b) => a - b);
    for (let end = first; end <= input.lastWindow; end += 1000) {
      const count = countIn(g, end - FRAME_MS, end);
      const fired = byKey.get(`${end}/${g}`);
      const open = firedEnds.some((firedEnd) => firedEnd < end && firedEnd > end - FRAME_MS);
      if (count > 0 && !open) {
        expected += 1;
        if (fired === undefined) lost.push(`${new Date(end).toISOString()}/${g}`);
      }
      if (fired !== undefined && open) doubled.push(`${new Date(end).toISOString()}/${g} (again inside its incident)`);
      if (fired !== undefined && fired[0]?.value !== count)
        wrong.push(`${new Date(end).toISOString()}/${g}: fired ${fired[0]?.value}, stored ${count}`);
    }
  }
  const undelivered = [...byKey.keys()].filter((key) => !input.deliveries.has(key));
  const duplicateDeliveries = [...input.deliveries.values()].reduce((sum, n) => sum + n - 1, 0);
  return {
    trials: input.trials,
    acknowledgedLogs: input.acknowledged.size,
    lostLogs,
    expectedFirings: expected,
    lostFirings: lost,
    doubledFirings: doubled,
    wrongValues: wrong,
    notifiedFirings: byKey.size - undelivered.length,
    undeliveredFirings: undelivered,
    duplicateDeliveries,
    durationMs: Date.now() - input.started,
  };
}
