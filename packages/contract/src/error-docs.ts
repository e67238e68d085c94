import { ERRORS, ERROR_KEYS } from './errors';
import { ERROR_MESSAGES } from './messages/index';
import { HEADER_LANGS } from './lang';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The error-code catalogue as a Markdown page (docs/error-codes.md). */
export function renderErrorDocs(): string {
  const lines = [
    '# API error codes',
    '',
    '<!-- Generated from packages/contract/src/errors.ts by `npm run docs:errors`. Do not edit by hand. -->',
    '',
    'Every answer is `{ code, msg, data }`. `code` 0 (or 200) is success; any other code is one of these.',
    '`msg` is in the language of the `lang` request header (en, zh, zh-HK, ja, ko, de, fr, it; `jp`, `kr`',
    'and `hk` are accepted as ja, ko and zh-HK). The HTTP status matches the kind of failure, but clients',
    'should go by `code`. `{field}` and `{minutes}` are filled in.',
    '',
    '| code | key | HTTP | message (en) | meaning |',
    '| ---: | --- | ---: | --- | --- |',
    ...ERROR_KEYS.map((k) => {
      const d = ERRORS[k];
      return `| ${d.code} | \`${k}\` | ${d.http} | ${cell(d.en)} | ${cell(d.meaning)} |`;
    }),
    '',
    '## Messages in every language',
    '',
    `| key | ${HEADER_LANGS.join(' | ')} |`,
    `| --- | ${HEADER_LANGS.map(() => '---').join(' | ')} |`,
    ...ERROR_KEYS.map((k) => `| \`${k}\` | ${HEADER_LANGS.map((l) => cell(ERROR_MESSAGES[l][k])).join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}
