import { describe, expect, it } from 'vitest';
import { hasNewsProblems, newNewsDraft, newsBody, newsDraft, newsProblems } from './news-forms';

describe('news forms', () => {
  it('requires English and a title and text for any language written in', () => {
    const d = newNewsDraft();
    expect(newsProblems(d).texts.en).toBeDefined();
    d.texts.en = { title: 'Hello', summary: '', body: 'Text' };
    expect(hasNewsProblems(newsProblems(d))).toBe(false);
    d.texts.fr = { title: 'Bonjour', summary: '', body: '' };
    expect(newsProblems(d).texts.fr).toBeDefined();
    d.texts.fr.body = 'Texte';
    expect(hasNewsProblems(newsProblems(d))).toBe(false);
  });

  it('checks image and link as the server does, and sends only written languages', () => {
    const d = newNewsDraft();
    d.texts.en = { title: ' Hello ', summary: '', body: 'Text' };
    d.image = 'https://x.example/a.png';
    d.link = 'javascript:alert(1)';
    const p = newsProblems(d);
    expect(p.fields.image).toBeDefined();
    expect(p.fields.link).toBeDefined();
    d.image = '/banners/otc.svg';
    d.link = '/pages/otc/index';
    expect(hasNewsProblems(newsProblems(d))).toBe(false);
    const body = newsBody(d, 1000);
    expect(body).toEqual({
      kind: 'news',
      translations: { en: { title: 'Hello', summary: '', body: 'Text' } },
      image: '/banners/otc.svg',
      link: '/pages/otc/index',
      publishAt: 1000,
    });
  });

  it('round-trips a saved post, schedule included', () => {
    const d = newsDraft({
      id: 'x',
      kind: 'announcement',
      translations: { en: { title: 'T', summary: 'S', body: 'B' }, fr: { title: 'TF', summary: '', body: 'BF' } },
      image: null,
      link: null,
      publishAt: Date.UTC(2030, 0, 2, 3, 4),
      withdrawnAt: null,
      state: 'scheduled',
      createdAt: 0,
      updatedAt: 0,
    });
    const body = newsBody(d, 0, 'x');
    expect(body.publishAt).toBe(Date.UTC(2030, 0, 2, 3, 4));
    expect(Object.keys(body.translations)).toEqual(['en', 'fr']);
    expect(body.id).toBe('x');
  });
});
