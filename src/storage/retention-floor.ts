const MS_PER_DAY = 86_400_000;

/**
 * The oldest `@timestamp` still visible for an account: every query scopes to `@timestamp >= this`,
 * because expired rows stay on disk until a merge or `enforceRetention` removes them.
 */
export function retentionFloorMs(retentionDays: number, nowMs: number): number {
  return nowMs - retentionDays * MS_PER_DAY;
}
