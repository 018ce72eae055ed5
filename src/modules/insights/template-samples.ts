import { wildcard } from '../../patterns/mask-variables.js';

/** Distinct sample values kept per variable of a template. */
export const SAMPLES_PER_VARIABLE = 5;

/** `additionalData` of a LOGCEPTION insight: for each variable (`variable1` …), where it is and values seen. */
export type VariableSamples = Record<string, { position: number; samples: string[] }>;

const SEPARATOR = /[\s=]+/;

/**
 * Adds the values a message has at the template's variables. Tokens are split as the parser splits them; a message
 * whose masking merged tokens (a date, a URL with a query) does not line up and gives no samples.
 */
export function addSamples(into: VariableSamples, templateTokens: readonly string[], message: string): void {
  const tokens = message.trim().split(SEPARATOR);
  if (tokens.length !== templateTokens.length) return;
  let variable = 0;
  templateTokens.forEach((token, position) => {
    if (!token.includes(wildcard)) return;
    variable++;
    const key = `variable${variable}`;
    const entry = (into[key] ??= { position, samples: [] });
    const value = tokens[position]!;
    if (entry.samples.length < SAMPLES_PER_VARIABLE && !entry.samples.includes(value)) entry.samples.push(value);
  });
}
