/**
 * Which rows a part holds, as its name says: `<partition>_<first block>_<last block>_<level>[_<mutation>]`. Every
 * insert is a numbered block; a merge or a mutation writes a part covering the blocks of the parts it replaces. So a
 * part whose blocks overlap another's holds (some of) the same rows: one was made from the other.
 */

interface PartBlocks {
  readonly partition: string;
  readonly first: number;
  readonly last: number;
}

const PART_NAME = /^(.+?)_(\d+)_(\d+)_(\d+)(?:_(\d+))?$/;

export function partBlocks(name: string): PartBlocks | null {
  const match = PART_NAME.exec(name);
  if (match === null) return null;
  const first = Number(match[2]);
  const last = Number(match[3]);
  return first <= last ? { partition: match[1] ?? '', first, last } : null;
}

/** True when the two parts may hold the same rows (a name that cannot be read may hold anything). */
export function mayShareRows(a: string, b: string): boolean {
  const x = partBlocks(a);
  const y = partBlocks(b);
  if (x === null || y === null) return true;
  return x.partition === y.partition && x.first <= y.last && y.first <= x.last;
}
