/** The placeholder a variable part of a message is shown as, as logpai's templates and Logz.io's insights show it. */
export const wildcard = '<*>';

/**
 * Values that span several tokens but are variables wherever they appear: URLs with a query string, syslog-style
 * dates, durations, a byte count's human-readable restatement. Replaced before splitting so a message keeps one token
 * count whatever the value. One list for every log source (no per-source tuning); each shape runs only when a cheap
 * test says it may be there.
 */
const variableShapes: readonly { readonly hint: (message: string) => boolean; readonly shape: RegExp; readonly replacement: string }[] = [
  { hint: (message) => message.includes('?'), shape: /(?:\bhttps?:\/\/|(?<![\w.])\/)[^\s"?]*\?[^\s"]*/g, replacement: wildcard },
  {
    hint: (message) => message.includes(':'),
    shape:
      /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{1,2}\s+\d{1,2}:\d{2}:\d{2}(?:\s+\d{4})?\b/g,
    replacement: wildcard,
  },
  {
    hint: (message) => message.includes('sec') || message.includes('ms') || message.includes('min'),
    shape: /[<>]?\b\d+(?:\.\d+)?\s?(?:ms|msec|secs?|seconds?|mins?|minutes?)\b/g,
    replacement: wildcard,
  },
  { hint: (message) => message.includes('B)'), shape: /\b(\d+)( bytes)? \(\d+(?:\.\d+)? ?[KMGT]i?B\)/g, replacement: '$1$2' },
];

// A host name, possibly with a port, possibly in brackets or quotes: a variable without digits.
const hostName =
  /^([(["']?)[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*\.(?:com|net|org|edu|gov|mil|int|io|info|biz|co|uk|de|fr|jp|cn|hk|ru|br|in|au|ca|it|nl|es|se|no|fi|pl|kr|tw|us|eu|local|lan|internal)(?::\d+)?([)\]"',;:]?)$/;

export function maskShapes(message: string): string {
  let masked = message;
  for (const { hint, shape, replacement } of variableShapes) if (hint(masked)) masked = masked.replace(shape, replacement);
  return masked;
}

/**
 * Masks the values of one token: a run of letters and digits that is a number or hex (`blk_-123`, `0x1f`, the parts
 * of `10.2.3.4:80`), or a host name. Digits inside a word (`SOCKS5`, `ssh2`, `alt0`) are part of the word, which the
 * grouping judges by how often it varies. Runs of masked parts joined by `.:-/` become one `<*>`.
 */
export function maskToken(token: string): string {
  if (token.includes('.') && hostName.test(token)) return token.replace(hostName, `$1${wildcard}$2`);
  if (!hasDigit(token)) return token;
  let out = '';
  let changed = false;
  let copied = 0;
  let i = 0;
  while (i < token.length) {
    if (!isAlphanumeric(token.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i;
    let digits = false;
    let hex = true;
    while (end < token.length && isAlphanumeric(token.charCodeAt(end))) {
      const c = token.charCodeAt(end);
      if (c >= 48 && c <= 57) digits = true;
      else if (!((c >= 97 && c <= 102) || (c >= 65 && c <= 70))) hex = false;
      end++;
    }
    if ((digits && hex) || (end - i > 2 && token[i] === '0' && token[i + 1] === 'x' && isHex(token, i + 2, end))) {
      out += token.slice(copied, i) + wildcard;
      copied = end;
      changed = true;
    }
    i = end;
  }
  return changed ? collapse(out + token.slice(copied)) : token;
}

export function isVariable(token: string): boolean {
  return token.includes(wildcard);
}

function collapse(masked: string): string {
  if (!masked.includes('<*>.') && !masked.includes('<*>:') && !masked.includes('<*>-') && !masked.includes('<*>/')) return masked;
  return masked.replace(/<\*>(?:[.:\-/]<\*>)+/g, wildcard);
}

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function hasDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

function isHex(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70))) return false;
  }
  return true;
}
