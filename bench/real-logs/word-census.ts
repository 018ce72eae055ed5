/**
 * Counting the real-logs data set's words, to choose the words bench:search searches for so that each row means what
 * its name says: a common word is in about a quarter of the last 24 hours' logs, a rare token in a handful, an absent
 * word in none. Counts are of logs (a word twice in one log counts once), over the message and every string field,
 * with the project's analyzer, so they are the totals a field-less search answers. Fed one log at a time while a
 * bench loads the logs; its memory is bounded by the data set's vocabulary (words of letters only), not its size.
 */
import { analyzeTerms } from '../../src/query/text/analyzer.js';
import { DAY_MS } from './timeline.js';

export interface Counted {
  readonly text: string;
  /** Logs of the last 24 hours that hold it (field-less). */
  readonly count: number;
}

/** The words and values bench:search's real-logs rows search for, with their counts. */
export interface RealWords {
  /** Logs counted: those of the last 24 hours. */
  readonly logs: number;
  /** The words of one log in this many were counted (1: every log, the counts exact; more: estimates). */
  readonly sampledEvery: number;
  readonly common: Counted;
  readonly rare: Counted;
  readonly absent: Counted;
  readonly phrase2: Counted;
  readonly phrase3: Counted;
  readonly anyOf: readonly Counted[];
  /** A word in about a quarter of the ERROR lines, for `word AND level:ERROR` (its count: of those lines). */
  readonly andWord: Counted;
  /** Five letters of a word (its count: an upper bound, the sum of the words' counts). */
  readonly prefix: Counted;
  /** A misspelling (in no log) of a word that is in some: `typo~` finds the word. */
  readonly fuzzy: Counted & { readonly word: string };
  readonly host: Counted;
  readonly service: Counted;
  readonly level: Counted;
  readonly status: Counted;
}

export interface WordCensus {
  /** Counts one log if it is of the last 24 hours. */
  add(doc: Readonly<Record<string, unknown>>, ms: number): void;
  choose(): RealWords;
}

const WORD = /^[a-z]{3,24}$/;
/** A token that looks like an id: long enough, with a digit. */
const ID_TOKEN = /^(?=.*\d)[a-z0-9_]{10,}$/;
/** Rare-token candidates are taken from this many logs past the middle of the last 24 hours... */
const PROBE_LOGS = 2000;
/** ...never seen in the hour before (the id pools reuse an id within a few thousand logs)... */
const LOOKBACK_MS = 3_600_000;
/** ...and counted over this many logs from there on. */
const FOLLOW_LOGS = 400_000;
const ABSENT_CANDIDATES = ['zyzzogeton', 'quixotry', 'xylographer', 'jabberwock', 'snollygoster'];
const VALUE_FIELDS = ['host', 'service', 'level', 'status'] as const;

const bump = (map: Map<string, number>, key: string, by = 1): void => {
  map.set(key, (map.get(key) ?? 0) + by);
};

/**
 * `sampleEvery`: count the words of one log in this many (their counts then estimates, scaled up), for data sets of
 * millions; the rare token's logs are always all counted.
 */
export function createWordCensus(nowMs: number, options: { readonly sampleEvery?: number } = {}): WordCensus {
  const every = Math.max(1, Math.floor(options.sampleEvery ?? 1));
  const from = nowMs - DAY_MS;
  const probeFrom = nowMs - DAY_MS / 2;
  const tally: Tally = {
    logs: 0,
    every,
    words: new Map(),
    messageWords: new Map(),
    pairs: new Map(),
    triples: new Map(),
    errorWords: new Map(),
    values: { host: new Map(), service: new Map(), level: new Map(), status: new Map() },
    candidates: new Map(),
  };
  const lookback = new Set<string>();
  /** Logs since the probe began, or -1 before it. */
  let probed = -1;

  return {
    add(doc, ms) {
      if (ms < from || ms >= nowMs) return;
      const counted = tally.logs % every === 0;
      tally.logs += 1;
      if (probed < 0 && ms >= probeFrom) probed = 0;
      const tracking = probed >= 0 ? probed < FOLLOW_LOGS : every === 1 || ms >= probeFrom - LOOKBACK_MS;
      if (!counted && !tracking) return;
      const terms = analyzeTerms(typeof doc.message === 'string' ? doc.message : '');
      const idTokens = new Set<string>();
      const inMessage = new Set<string>();
      const inLog = new Set<string>();
      for (let i = 0; i < terms.length; i += 1) {
        const term = terms[i] as string;
        if (ID_TOKEN.test(term)) idTokens.add(term);
        if (!counted || !WORD.test(term)) continue;
        inMessage.add(term);
        const next = terms[i + 1];
        if (next === undefined || !WORD.test(next)) continue;
        inLog.add(`2 ${term} ${next}`);
        const third = terms[i + 2];
        if (third !== undefined && WORD.test(third)) inLog.add(`3 ${term} ${next} ${third}`);
      }
      forEachString(doc, (value) => {
        for (const term of analyzeTerms(value)) {
          if (ID_TOKEN.test(term)) idTokens.add(term);
          else if (counted && WORD.test(term)) inLog.add(term);
        }
      });
      if (tracking) track(idTokens);
      if (counted) count(doc, inMessage, inLog);
    },
    choose: () => chooseWords(tally),
  };

  function count(doc: Readonly<Record<string, unknown>>, inMessage: ReadonlySet<string>, inLog: Set<string>): void {
    const error = doc.level === 'ERROR';
    for (const word of inMessage) {
      inLog.add(word);
      bump(tally.messageWords, word, every);
      if (error) bump(tally.errorWords, word, every);
    }
    for (const key of inLog) {
      if (key.startsWith('2 ')) bump(tally.pairs, key.slice(2), every);
      else if (key.startsWith('3 ')) bump(tally.triples, key.slice(2), every);
      else bump(tally.words, key, every);
    }
    for (const field of VALUE_FIELDS) {
      const value = doc[field];
      if (typeof value === 'string' || typeof value === 'number') bump(tally.values[field], String(value), every);
    }
  }

  function track(idTokens: ReadonlySet<string>): void {
    if (probed < 0) {
      for (const token of idTokens) lookback.add(token);
      return;
    }
    probed += 1;
    for (const token of idTokens) {
      const seen = tally.candidates.get(token);
      if (seen !== undefined) tally.candidates.set(token, seen + 1);
      else if (probed <= PROBE_LOGS && !lookback.has(token)) tally.candidates.set(token, 1);
    }
  }
}

/** Every string value of a document but `@timestamp` and `message`, nested objects and arrays included. */
function forEachString(value: unknown, visit: (text: string) => void, key = ''): void {
  if (typeof value === 'string') {
    if (key !== '@timestamp' && key !== 'message') visit(value);
  } else if (Array.isArray(value)) {
    for (const element of value) forEachString(element, visit, key);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) forEachString(inner, visit, name);
  }
}

interface Tally {
  logs: number;
  readonly every: number;
  /** Logs holding each word of letters (in the message or any field), and each adjacent pair and triple of them. */
  readonly words: Map<string, number>;
  readonly messageWords: Map<string, number>;
  readonly pairs: Map<string, number>;
  readonly triples: Map<string, number>;
  /** Logs of level ERROR holding each message word. */
  readonly errorWords: Map<string, number>;
  readonly values: Readonly<Record<(typeof VALUE_FIELDS)[number], Map<string, number>>>;
  /** Rare-token candidates and the logs holding each. */
  readonly candidates: Map<string, number>;
}

/**
 * The entry of `counts` whose count is nearest `share` of the logs, among those `accept` takes; ties go to the
 * alphabetically first, so the choice depends on the counts alone.
 */
function nearest(
  counts: ReadonlyMap<string, number>,
  target: number,
  accept: (text: string, count: number) => boolean,
  taken: ReadonlySet<string> = new Set(),
): Counted {
  let best: Counted | undefined;
  for (const [text, count] of counts) {
    if (taken.has(text) || !accept(text, count)) continue;
    const distance = Math.abs(Math.log(count / target));
    const bestDistance = best === undefined ? Infinity : Math.abs(Math.log(best.count / target));
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && text < best.text)) best = { text, count };
  }
  if (best === undefined) throw new Error(`no word fits (target ${target})`);
  return best;
}

function chooseWords(tally: Tally): RealWords {
  const { logs, words, messageWords } = tally;
  const share = (fraction: number): number => Math.max(1, fraction * logs);
  /** A word people type: 4 to 12 letters, not a level's name (`error AND level:ERROR` would say nothing). */
  const levels = new Set([...tally.values.level.keys()].map((level) => level.toLowerCase()));
  const typed = (min: number) => (text: string) => text.length >= min && text.length <= 12 && !levels.has(text);
  const taken = new Set<string>();
  /** Chosen by how many messages hold it; its count is of the logs a field-less search finds. */
  const word = (fraction: number, min: number): Counted => {
    const chosen = nearest(messageWords, share(fraction), typed(min), taken);
    taken.add(chosen.text);
    return { text: chosen.text, count: words.get(chosen.text) ?? chosen.count };
  };
  const common = word(0.25, 4);
  const anyOf = [word(0.004, 6), word(0.004, 6), word(0.004, 6)];
  const prefixWord = word(0.02, 8);
  const fuzzyWord = word(0.01, 7);
  const errorLines = tally.values.level.get('ERROR') ?? 0;
  const andWord = nearest(tally.errorWords, Math.max(1, errorLines / 4), (text) => typed(4)(text) && !taken.has(text));
  const prefix = prefixWord.text.slice(0, 5);
  return {
    logs,
    sampledEvery: tally.every,
    common,
    rare: nearest(tally.candidates, 5, (_, count) => count >= 3 && count <= 8),
    absent: { text: ABSENT_CANDIDATES.find((candidate) => !words.has(candidate)) ?? 'zyzzogeton', count: 0 },
    phrase2: nearest(tally.pairs, share(0.01), (text) => text.split(' ').every(typed(3))),
    phrase3: nearest(tally.triples, share(0.005), (text) => text.split(' ').every(typed(3))),
    anyOf,
    andWord,
    prefix: { text: prefix, count: [...words].reduce((sum, [text, count]) => (text.startsWith(prefix) ? sum + count : sum), 0) },
    fuzzy: { text: misspell(fuzzyWord.text, words), word: fuzzyWord.text, count: fuzzyWord.count },
    host: nearest(tally.values.host, share(0.005), () => true),
    service: nearest(tally.values.service, share(0.03), () => true),
    level: { text: 'ERROR', count: errorLines },
    status: nearest(tally.values.status, share(0.005), (text) => Number(text) >= 500),
  };
}

/** `word` with one inner letter changed, so that the result is in no log: a typo `~` corrects. */
function misspell(word: string, words: ReadonlyMap<string, number>): string {
  for (let i = Math.floor(word.length / 2); i < word.length - 1; i += 1) {
    for (const letter of 'qxzjkvw') {
      const typo = word.slice(0, i) + letter + word.slice(i + 1);
      if (typo !== word && !words.has(typo)) return typo;
    }
  }
  return `${word}qx`;
}
