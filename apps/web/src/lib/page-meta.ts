import { useEffect } from 'react';

export const SITE_NAME = 'KikStart';

/** Sets the document title ("<title> | KikStart") and meta description for a page. */
export function usePageMeta({ title, description }: { title?: string; description?: string }) {
  useEffect(() => {
    if (title) document.title = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  }, [title]);
  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [description]);
}
