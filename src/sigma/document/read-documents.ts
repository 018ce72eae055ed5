import { parseAllDocuments } from 'yaml';
import { invalidSigma } from '../sigma-error.js';

/**
 * YAML text with one or more documents (separated by `---`) → their plain values. A YAML syntax error names the
 * document and line; empty documents (a trailing `---`) are skipped.
 */
export function readYamlDocuments(yamlText: string): unknown[] {
  const documents = parseAllDocuments(yamlText);
  const list = Array.isArray(documents) ? documents : [documents];
  const values: unknown[] = [];
  list.forEach((document, index) => {
    const error = document.errors[0];
    if (error !== undefined) {
      const line = error.linePos?.[0].line;
      throw invalidSigma(
        { rule: `document ${index + 1}`, path: line === undefined ? '$' : `line ${line}` },
        `invalid YAML (${error.code})`,
      );
    }
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    if (value !== null && value !== undefined) values.push(value);
  });
  return values;
}
