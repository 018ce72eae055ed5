/** Why a step fails, by step id (without the HTTP method suffix), for docs/compatibility.md. */
export const KNOWN_FAILURE_REASONS: Readonly<Record<string, string>> = {};
