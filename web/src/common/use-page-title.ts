import { useEffect } from 'react';

/** Each page names itself in the tab and in history. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Logward`;
  }, [title]);
}
