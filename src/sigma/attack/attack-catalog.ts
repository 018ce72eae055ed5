/**
 * MITRE ATT&CK Enterprise (the compact JSON of ../shared/datasets/mitre-attack) read once, and Sigma's `attack.*`
 * tags resolved against it: `attack.t1059.001` → the sub-technique, its technique and their tactics;
 * `attack.credential-access` → the tactic. Unknown ids are reported, not guessed (ATT&CK revokes and renames).
 */
import { invalidArgument } from '../../shared/app-error.js';

export interface AttackTactic {
  readonly id: string;
  readonly name: string;
  readonly url: string;
}

export interface AttackTechnique {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  /** The parent technique of a sub-technique, else null. */
  readonly parent: string | null;
  /** Tactic ids (a sub-technique has its parent's). */
  readonly tactics: readonly string[];
}

export interface AttackCatalog {
  readonly tactics: ReadonlyMap<string, AttackTactic>;
  readonly techniques: ReadonlyMap<string, AttackTechnique>;
  /** `credential-access` (Sigma's spelling of a tactic name) → tactic id. */
  readonly tacticBySlug: ReadonlyMap<string, string>;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, what: string): string => {
  if (typeof value !== 'string') throw invalidArgument(`ATT&CK data: ${what} must be a string`);
  return value;
};
const strs = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export const tacticSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The parsed JSON of mitre-attack-enterprise.json → a catalog; throws on a file of another shape. */
export function readAttackCatalog(json: unknown): AttackCatalog {
  if (!isRecord(json) || !isRecord(json.tactics) || !isRecord(json.techniques))
    throw invalidArgument('ATT&CK data: expected {tactics, techniques}');
  const tactics = new Map<string, AttackTactic>();
  for (const [id, raw] of Object.entries(json.tactics)) {
    if (!isRecord(raw)) continue;
    tactics.set(id, { id, name: str(raw.name, `${id}.name`), url: str(raw.url, `${id}.url`) });
  }
  const raws = new Map(
    Object.entries(json.techniques).filter((entry): entry is [string, Readonly<Record<string, unknown>>] => isRecord(entry[1])),
  );
  const techniques = new Map<string, AttackTechnique>();
  for (const [id, raw] of raws) {
    const relation = isRecord(raw.relation) ? raw.relation : {};
    const parent = typeof relation.technique === 'string' ? relation.technique : null;
    const parentRelation = parent === null ? undefined : raws.get(parent)?.relation;
    const tacticIds = parent === null ? strs(relation.tactics) : strs(isRecord(parentRelation) ? parentRelation.tactics : undefined);
    techniques.set(id, { id, name: str(raw.name, `${id}.name`), url: str(raw.url, `${id}.url`), parent, tactics: tacticIds });
  }
  const tacticBySlug = new Map([...tactics.values()].map((t) => [tacticSlug(t.name), t.id]));
  return { tactics, techniques, tacticBySlug };
}

export interface AttackResolution {
  /** Technique ids named by the tags (sub-techniques as written, `T1059.001`). */
  readonly techniques: readonly AttackTechnique[];
  /** Tactics named by the tags or implied by their techniques, in ATT&CK id order. */
  readonly tactics: readonly AttackTactic[];
  /** `attack.*` tags that name nothing in the catalog (groups `attack.g0001`, software `attack.s0002`, revoked ids). */
  readonly unresolved: readonly string[];
}

export function resolveAttackTags(tags: readonly string[], catalog: AttackCatalog): AttackResolution {
  const techniques = new Map<string, AttackTechnique>();
  const tacticIds = new Set<string>();
  const unresolved: string[] = [];
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (!lower.startsWith('attack.')) continue;
    const name = lower.slice('attack.'.length);
    if (/^t\d{4}(\.\d{3})?$/.test(name)) {
      const technique = catalog.techniques.get(name.toUpperCase());
      if (technique === undefined) unresolved.push(tag);
      else {
        techniques.set(technique.id, technique);
        for (const t of technique.tactics) tacticIds.add(t);
      }
      continue;
    }
    const tactic = catalog.tacticBySlug.get(name) ?? (catalog.tactics.has(name.toUpperCase()) ? name.toUpperCase() : undefined);
    if (tactic === undefined) unresolved.push(tag);
    else tacticIds.add(tactic);
  }
  const tactics = [...tacticIds].sort().flatMap((id) => {
    const tactic = catalog.tactics.get(id);
    return tactic === undefined ? [] : [tactic];
  });
  return { techniques: [...techniques.values()], tactics, unresolved };
}
