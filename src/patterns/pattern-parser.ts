import { groupMessages, type GroupingSettings } from './group-messages.js';
import { TemplateIndex, type Template } from './template-index.js';
import { tokenizeMessage, type TokenizedMessage } from './tokenize-message.js';

export type { Template } from './template-index.js';

/** What a parser has learned, as plain data: it survives a restart through whatever stores it. */
export interface PatternParserState {
  readonly version: 1;
  readonly nextId: number;
  readonly templates: readonly Template[];
}

export const defaultGroupingSettings: GroupingSettings = { maxConstantValues: 4 };

/**
 * Learns message templates from batches of messages, online: a message that fits a learned template is labelled with
 * it at once; the rest of a batch is grouped into new templates. One set of settings for every log source.
 */
export class PatternParser {
  private readonly index = new TemplateIndex();
  private readonly known: Template[] = [];
  private nextId = 1;

  constructor(
    private readonly settings: GroupingSettings = defaultGroupingSettings,
    state?: PatternParserState,
  ) {
    if (state) {
      this.nextId = state.nextId;
      for (const template of state.templates) this.remember(template);
    }
  }

  /** The template of each message, learning new templates from those that fit none. */
  learn(messages: readonly string[]): Template[] {
    const tokenized = messages.map(tokenizeMessage);
    const result: (Template | undefined)[] = tokenized.map((message) => this.index.find(message.tokens));
    const unknown = result.flatMap((template, index) => (template === undefined ? [index] : []));
    if (unknown.length === 0) return result as Template[];
    const groups = groupMessages(
      unknown.map((index) => tokenized[index]!.tokens),
      this.settings,
    );
    for (const group of groups) {
      const members = group.members.map((member) => unknown[member]!);
      const template: Template = { id: this.nextId++, tokens: group.tokens, text: textOf(group.tokens, tokenized[members[0]!]!) };
      this.remember(template);
      for (const member of members) result[member] = template;
    }
    return result as Template[];
  }

  /** The template a message fits, without learning. */
  match(message: string): Template | undefined {
    return this.index.find(tokenizeMessage(message).tokens);
  }

  get templates(): readonly Template[] {
    return this.known;
  }

  state(): PatternParserState {
    return { version: 1, nextId: this.nextId, templates: [...this.known] };
  }

  private remember(template: Template): void {
    this.known.push(template);
    this.index.add(template);
  }
}

function textOf(tokens: readonly string[], example: TokenizedMessage): string {
  return tokens.map((token, i) => token + example.separators[i]!).join('');
}
