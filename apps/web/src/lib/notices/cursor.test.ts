import { describe, expect, it } from 'vitest';
import { NoticeCursor, parseSeq } from './cursor';

describe('NoticeCursor', () => {
  it('lets each id through once and never an older one', () => {
    const cursor = new NoticeCursor();
    expect([5, 6, 6, 4, 7, 5].map((n) => cursor.accept(String(n)))).toEqual([true, true, false, false, true, false]);
    expect(cursor.id).toBe('7');
  });

  it('starts from a given id', () => {
    const cursor = new NoticeCursor('10');
    expect(cursor.accept('10')).toBe(false);
    expect(cursor.accept('11')).toBe(true);
  });

  it('lets events without a sequence id through without moving', () => {
    const cursor = new NoticeCursor('3');
    expect(cursor.accept('')).toBe(true);
    expect(cursor.accept(undefined)).toBe(true);
    expect(cursor.accept('abc')).toBe(true);
    expect(cursor.id).toBe('3');
  });

  it('advances only forward', () => {
    const cursor = new NoticeCursor('8');
    cursor.advance('5');
    expect(cursor.id).toBe('8');
    cursor.advance('12');
    expect(cursor.accept('12')).toBe(false);
    cursor.advance(null);
    expect(cursor.id).toBe('12');
  });

  it('reads only safe whole numbers as sequence ids', () => {
    expect(parseSeq('0')).toBe(0);
    expect(parseSeq('123')).toBe(123);
    expect(parseSeq('-1')).toBeNull();
    expect(parseSeq('1.5')).toBeNull();
    expect(parseSeq('99999999999999999')).toBeNull();
  });
});
