import { isVariable, wildcard } from './mask-variables.js';

export interface GroupingSettings {
  /**
   * A column of a group whose words take at most this many values is constant: the group splits by it. More values
   * make it a variable.
   */
  readonly maxConstantValues: number;
}

export interface MessageGroup {
  /** Indexes of the grouped messages in the batch. */
  readonly members: readonly number[];
  /** The group's template: tokens all members share, `<*>` where they differ. */
  readonly tokens: readonly string[];
}

/**
 * Groups a batch of tokenized messages by template, after Brain (Yu et al., ICSE 2023): within messages of one token
 * count, each message's *longest common pattern* — its words that occur, at their position, as often as the most of
 * its words do — makes the initial group; then each group splits by the columns that vary little (constants with a
 * few values: a daemon name, a state) and leaves the columns that vary a lot as variables. The first column never
 * becomes a variable while it holds words: a message's first word names what it is about far more often than not.
 */
export function groupMessages(messages: readonly (readonly string[])[], settings: GroupingSettings): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const indexes of byLength(messages).values()) {
    const frequency = positionFrequencies(messages, indexes);
    const initial = new Map<string, { members: number[]; rootFrequency: number }>();
    for (const index of indexes) {
      const tokens = messages[index]!;
      const frequencies = tokens.map((token, position) => (isVariable(token) ? 0 : frequency.get(key(position, token))!));
      const rootFrequency = commonestFrequency(frequencies);
      const patternKey = `${rootFrequency}\u0001${tokens.map((token, position) => (frequencies[position] === rootFrequency ? token : wildcard)).join('\u0000')}`;
      const group = initial.get(patternKey);
      if (group) group.members.push(index);
      else initial.set(patternKey, { members: [index], rootFrequency });
    }
    for (const { members, rootFrequency } of initial.values()) splitGroup(messages, members, rootFrequency, frequency, settings, groups);
  }
  return groups;
}

function splitGroup(
  messages: readonly (readonly string[])[],
  members: readonly number[],
  rootFrequency: number,
  frequency: ReadonlyMap<string, number>,
  settings: GroupingSettings,
  out: MessageGroup[],
): void {
  const length = messages[members[0]!]!.length;
  let splitBy: Map<string, number[]> | undefined;
  for (let position = 0; position < length; position++) {
    const values = new Map<string, number[]>();
    for (const member of members) {
      const token = messages[member]![position]!;
      const same = values.get(token);
      if (same) same.push(member);
      else values.set(token, [member]);
    }
    if (values.size === 1) continue;
    const words = [...values.keys()];
    if (words.some(isVariable)) continue;
    // Words more frequent than the group's pattern are constants of a parent template; few values make a constant.
    const constant =
      position === 0 ||
      values.size <= settings.maxConstantValues ||
      words.every((word) => frequency.get(key(position, word))! > rootFrequency);
    if (constant && (splitBy === undefined || values.size < splitBy.size)) splitBy = values;
  }
  if (splitBy === undefined) {
    out.push({ members, tokens: templateOf(messages, members) });
    return;
  }
  for (const subgroup of splitBy.values()) splitGroup(messages, subgroup, rootFrequency, frequency, settings, out);
}

function templateOf(messages: readonly (readonly string[])[], members: readonly number[]): string[] {
  const template = [...messages[members[0]!]!];
  for (const member of members) {
    const tokens = messages[member]!;
    for (let i = 0; i < template.length; i++) if (template[i] !== tokens[i]) template[i] = wildcard;
  }
  return template;
}

/** The frequency most of a message's words share; a tie goes to the higher frequency (the likelier constants). */
function commonestFrequency(frequencies: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of frequencies) if (value > 0) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && value > best)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function byLength(messages: readonly (readonly string[])[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  messages.forEach((tokens, index) => {
    const same = groups.get(tokens.length);
    if (same) same.push(index);
    else groups.set(tokens.length, [index]);
  });
  return groups;
}

function positionFrequencies(messages: readonly (readonly string[])[], indexes: readonly number[]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const index of indexes) {
    messages[index]!.forEach((token, position) => {
      const k = key(position, token);
      frequency.set(k, (frequency.get(k) ?? 0) + 1);
    });
  }
  return frequency;
}

function key(position: number, token: string): string {
  return `${position}\u0000${token}`;
}
