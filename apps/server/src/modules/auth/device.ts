/**
 * A short, language-neutral name of the device a session comes from, for the "sign-in from a new
 * device" notice: browser · system · login origin (e.g. `Chrome · Windows · PC`). Names only, no
 * words: the notice's template is translated, this value is not.
 */
export function describeDevice(userAgent: string, origin: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const parts = [browser, system].filter((p): p is string => p !== null);
  // Neither recognised: the agent's own first word (e.g. `okhttp/4.9`), cut short.
  if (!parts.length && ua.trim()) parts.push(ua.trim().split(/\s+/)[0]!.slice(0, 40));
  return [...parts, origin].join(' · ');
}
