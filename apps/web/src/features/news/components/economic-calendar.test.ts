import { describe, expect, it } from 'vitest';
import { calendarSrc } from './economic-calendar';

describe('calendarSrc', () => {
  it('adds mode=2 and the language to the configured address, replacing its own', () => {
    expect(calendarSrc('https://calendar.example.com/widget', 'fr')).toBe(
      'https://calendar.example.com/widget?mode=2&lang=fr',
    );
    expect(calendarSrc('https://calendar.example.com/w?theme=dark&mode=1&lang=en', 'zh-HK')).toBe(
      'https://calendar.example.com/w?theme=dark&mode=2&lang=zh-HK',
    );
  });
});
