type Texts = { [key: string]: string | Texts };

/** Every text of a locale file as [dotted key, text]. */
export function localeLeaves(obj: Texts, prefix = ''): Array<[string, string]> {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' ? localeLeaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
  );
}

/**
 * What is wrong between an English and a Chinese locale file: a key only one has, an empty text, or a
 * {{placeholder}} that differs. Empty when they match.
 */
export function localeMismatches(en: Texts, zh: Texts): string[] {
  const placeholders = (s: string) =>
    [...s.matchAll(/{{(\w+)}}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
  const e = new Map(localeLeaves(en));
  const z = new Map(localeLeaves(zh));
  const problems: string[] = [];
  for (const key of new Set([...e.keys(), ...z.keys()])) {
    const [te, tz] = [e.get(key), z.get(key)];
    if (te === undefined || tz === undefined)
      problems.push(`${key}: only in ${te === undefined ? 'zh' : 'en'}`);
    else if (!te.trim() || !tz.trim()) problems.push(`${key}: empty`);
    else if (placeholders(te) !== placeholders(tz)) problems.push(`${key}: placeholders differ`);
  }
  return problems;
}
