import { useEffect } from 'react';

export const APP_NAME = 'Fanspace';

/** Sets the tab title for the current page ("Messages · Fanspace"). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
