import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeadCollector, usePageMeta, useFirstScreenPicture } from './page-meta.ts';
import type { PageMeta } from './page-meta.ts';

function Picture({ src }: { src?: string }) {
  useFirstScreenPicture(src);
  return null;
}

function Page() {
  usePageMeta({ title: 'Programs', description: 'All of them' });
  return (
    <>
      <Picture src="/illustrations/programs/soccer.svg" />
      <Picture />
      <Picture src="/uploads/programs/chess.webp" />
    </>
  );
}

describe('the server head collector', () => {
  it('keeps the first-screen pictures in page order, beside the page meta', () => {
    const head: PageMeta = {};
    renderToString(
      <HeadCollector head={head}>
        <Page />
      </HeadCollector>,
    );
    expect(head.firstScreenPictures).toEqual(['/illustrations/programs/soccer.svg', '/uploads/programs/chess.webp']);
    expect(head.title).toBe('Programs | KikStart');
    expect(head.description).toBe('All of them');
  });
});
