import { createContext, useContext } from 'react';
import type { SessionInfo } from './api.js';

export const SessionContext = createContext<SessionInfo | null>(null);

export function useSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession outside a signed-in page');
  return session;
}

/** Read-only users see no save buttons; the API refuses their writes anyway. */
export function canWrite(session: SessionInfo): boolean {
  return session.role !== 'read-only';
}
