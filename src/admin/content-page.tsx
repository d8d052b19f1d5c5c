// News, platform notices and Home banners (support and admin): write or edit each in both languages, publish
// or unpublish articles and notices (one notice may be the system pop-up), upload images (re-encoded by the
// server) and point banners at a page of the app. The server checks everything and audits every change.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ConsoleArticle, ConsoleBanner, ConsoleNotice } from '../../contract/console-content.ts';
import { apiGet, apiPost, ConsoleApiError } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

type Kind = 'news' | 'notices' | 'banners';
type Item = ConsoleArticle | ConsoleNotice | ConsoleBanner;
type FieldKind = 'text' | 'area' | 'check' | 'image' | 'time';
interface Field {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
}

const TEXTS: Field[] = [
  { name: 'titleUr', label: 'content.titleUr', kind: 'text', required: true },
  { name: 'titleEn', label: 'content.titleEn', kind: 'text', required: true },
  { name: 'bodyUr', label: 'content.bodyUr', kind: 'area', required: true },
  { name: 'bodyEn', label: 'content.bodyEn', kind: 'area', required: true },
];
const FIELDS: Record<Kind, Field[]> = {
  news: [...TEXTS, { name: 'imageKey', label: 'content.image', kind: 'image' }],
  notices: [...TEXTS, { name: 'system', label: 'content.system', kind: 'check' }],
  banners: [
    { name: 'imageKey', label: 'content.image', kind: 'image', required: true },
    { name: 'altUr', label: 'content.altUr', kind: 'text', required: true },
    { name: 'altEn', label: 'content.altEn', kind: 'text', required: true },
    { name: 'target', label: 'content.target', kind: 'text', required: true },
    { name: 'sort', label: 'content.sort', kind: 'text' },
    { name: 'active', label: 'content.active', kind: 'check' },
    { name: 'startsAt', label: 'content.startsAt', kind: 'time' },
    { name: 'endsAt', label: 'content.endsAt', kind: 'time' },
  ],
};
const TITLES: Record<Kind, string> = {
  news: 'content.news',
  notices: 'content.notices',
  banners: 'content.banners',
};

async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const res = await fetch('/admin/api/content/images', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'x-console': '1', 'accept-language': document.documentElement.lang || 'ur-PK' },
    body: form,
  });
  const body = (await res.json()) as { code: number; msg: string; data: { key: string } };
  if (body.code !== 0) throw new ConsoleApiError(body.code, body.msg);
  return body.data.key;
}

const toLocal = (ms: number | null) =>
  ms === null ? '' : new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** The form's values of an item being edited (every field as a string). */
function valuesOf(item: Item): Record<string, string> {
  const v: Record<string, string> = { id: String(item.id) };
  for (const [k, x] of Object.entries(item)) {
    if (typeof x === 'string') v[k] = x;
    if (typeof x === 'boolean') v[k] = x ? '1' : '0';
    if (typeof x === 'number' && k === 'sort') v[k] = String(x);
  }
  if ('startsAt' in item) v['startsAt'] = toLocal(item.startsAt);
  if ('endsAt' in item) v['endsAt'] = toLocal(item.endsAt);
  if ('system' in item) v['system'] = item.system ? '1' : '';
  return v;
}

function label(item: Item): string {
  return 'titleEn' in item
    ? `${item.titleUr} · ${item.titleEn}`
    : `${item.altUr} · ${item.altEn} → ${item.target}`;
}

function ContentSection({ kind }: { kind: Kind }) {
  const t = useT();
  const [items, setItems] = useState<Item[] | null>(null);
  const [values, setValues] = useState<Record<string, string>>({ active: '1' });
  const [message, setMessage] = useState('');
  // Uploads in flight: the form cannot be saved until its image key is back (saving earlier would send the
  // item without its image and the answer would hide the form's real mistakes).
  const [uploading, setUploading] = useState(0);
  const reload = useCallback(() => {
    apiGet<Item[]>(`content/${kind}`).then(setItems, (e: unknown) =>
      setMessage(e instanceof Error ? e.message : 'error'),
    );
  }, [kind]);
  useEffect(reload, [reload]);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setMessage(t('queue.done'));
      reload();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : t('common.error'));
    }
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (uploading > 0) return;
    const body: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      if (v === '') continue;
      body[k] = k === 'startsAt' || k === 'endsAt' ? String(new Date(v).getTime()) : v;
    }
    if (kind === 'banners' && !values['active']) body['active'] = '0';
    void act(async () => {
      await apiPost(`content/${kind}`, body);
      setValues({ active: '1' });
    });
  };
  return (
    <section className={s.card} aria-labelledby={`content-${kind}`}>
      <h3 id={`content-${kind}`} className={s.heading}>
        {t(TITLES[kind])}
      </h3>
      <form onSubmit={save} className={s.fields} data-testid={`content-form-${kind}`}>
        {FIELDS[kind].map((f) => (
          <label key={f.name} className={s.field}>
            {t(f.label)}
            {f.kind === 'area' ? (
              <textarea
                className={s.input}
                rows={4}
                required={f.required}
                value={values[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
              />
            ) : f.kind === 'check' ? (
              <input
                type="checkbox"
                checked={values[f.name] === '1'}
                onChange={(e) => set(f.name, e.target.checked ? '1' : '')}
              />
            ) : f.kind === 'image' ? (
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className={s.input}
                required={f.required === true && !values[f.name]}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (!file) return;
                  setUploading((n) => n + 1);
                  setMessage(t('content.uploading'));
                  void act(async () => set(f.name, await uploadImage(file))).finally(() =>
                    setUploading((n) => n - 1),
                  );
                }}
              />
            ) : (
              <input
                type={f.kind === 'time' ? 'datetime-local' : 'text'}
                className={s.input}
                required={f.required}
                dir={f.name === 'target' || f.name === 'sort' ? 'ltr' : undefined}
                value={values[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
              />
            )}
          </label>
        ))}
        <div className={s.actions}>
          <button type="submit" className={s.primary} disabled={uploading > 0}>
            {t('content.save')}
          </button>
          {values['id'] && (
            <button type="button" className={s.secondary} onClick={() => setValues({ active: '1' })}>
              {t('content.new')}
            </button>
          )}
        </div>
      </form>
      {message && (
        <p role="status" className={s.note}>
          {message}
        </p>
      )}
      <ul className={s.list}>
        {items?.map((item) => {
          const published = 'publishedAt' in item ? item.publishedAt !== null : item.active;
          const auto = 'kind' in item && item.kind === 'auto';
          return (
            <li key={item.id} className={s.row}>
              <span className={s.rowTitle}>{label(item)}</span>
              <span className={s.rowSub}>
                {auto && `${t('content.auto')} · `}
                {t(
                  published
                    ? 'publishedAt' in item
                      ? 'content.published'
                      : 'content.active'
                    : 'publishedAt' in item
                      ? 'content.draft'
                      : 'content.off',
                )}
              </span>
              <span className={s.actions}>
                {!auto && (
                  <button type="button" className={s.secondary} onClick={() => setValues(valuesOf(item))}>
                    {t('content.edit')}
                  </button>
                )}
                {'publishedAt' in item && (
                  <button
                    type="button"
                    className={s.secondary}
                    onClick={() =>
                      void act(() =>
                        apiPost(`content/${kind}/${item.id}/publish`, { published: published ? '0' : '1' }),
                      )
                    }
                  >
                    {t(published ? 'content.unpublish' : 'content.publish')}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ContentPage() {
  const t = useT();
  return (
    <section aria-labelledby="content-title">
      <h2 id="content-title" className={s.heading}>
        {t('nav.content')}
      </h2>
      <ContentSection kind="notices" />
      <ContentSection kind="news" />
      <ContentSection kind="banners" />
    </section>
  );
}
