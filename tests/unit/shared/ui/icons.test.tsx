// The shared icon factory: default and given sizes, the RTL flip class on pointing icons, and the filled
// variant the watchlist star uses.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IconChevron, IconSearch, IconStar, IconTrash } from '../../../../src/shared/ui/icons.tsx';

const attrs = (html: string) => {
  const m = /^<svg ([^>]*)>/.exec(html);
  return Object.fromEntries([...(m?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
};

describe('icons', () => {
  it('draw on the 24 grid at 24 px unless sized, trash at 20 px', () => {
    expect(attrs(renderToStaticMarkup(<IconSearch />))).toMatchObject({ width: '24', viewBox: '0 0 24 24' });
    expect(attrs(renderToStaticMarkup(<IconSearch size={40} />))).toMatchObject({
      width: '40',
      height: '40',
    });
    expect(attrs(renderToStaticMarkup(<IconTrash />))).toMatchObject({ width: '20', height: '20' });
  });

  it('are outlines unless filled, hidden from assistive technology', () => {
    expect(attrs(renderToStaticMarkup(<IconStar />))).toMatchObject({
      fill: 'none',
      stroke: 'currentColor',
      'aria-hidden': 'true',
      class: 'icon',
    });
    expect(attrs(renderToStaticMarkup(<IconStar filled />)).fill).toBe('currentColor');
  });

  it('mirror pointing icons in right-to-left layouts and keep a given class', () => {
    expect(attrs(renderToStaticMarkup(<IconChevron className="row__chevron" />)).class).toBe(
      'icon icon--flip row__chevron',
    );
    expect(attrs(renderToStaticMarkup(<IconSearch className="x" />)).class).toBe('icon x');
  });
});

describe('icons-first', () => {
  it('are the same icons icons.tsx offers, so a page may import any icon from there', async () => {
    const [first, all] = await Promise.all([
      import('../../../../src/shared/ui/icons-first.tsx'),
      import('../../../../src/shared/ui/icons.tsx'),
    ]);
    const names = Object.keys(first).filter((n) => n.startsWith('Icon'));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names)
      expect((all as Record<string, unknown>)[n]).toBe((first as Record<string, unknown>)[n]);
  });
});
