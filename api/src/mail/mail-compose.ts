import { languageSchema, type Language } from '@cr/contract/profile.contract';
import type { OutgoingMail } from './mailer';

/** Which language a mail is written in: one of the site's languages, or both in one message. */
export type MailLanguage = Language | 'both';

/**
 * The recipient's mail language: the one chosen in the e-mail preferences, else the profile's default language,
 * else `fallback`.
 */
export function mailLanguageOf(
  recipient: { profile?: { defaultLanguage?: unknown } | null; mailLanguage?: unknown } | null,
  fallback: MailLanguage,
): MailLanguage {
  const chosen = languageSchema.safeParse(recipient?.mailLanguage);
  if (chosen.success) return chosen.data;
  const lang = languageSchema.safeParse(recipient?.profile?.defaultLanguage);
  return lang.success ? lang.data : fallback;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** One language's version of a message. */
export interface MailPart {
  subject: string;
  /** Plain-text paragraphs. */
  text: string[];
  /** HTML paragraphs: every user-supplied or variable value already escaped. */
  html: string[];
}

/** The message in `lang` (both versions, English first, when `both`), plain text and HTML. */
export function composeMail(to: string, lang: MailLanguage, parts: Record<Language, MailPart>): OutgoingMail {
  const chosen = lang === 'both' ? [parts.en, parts.zh] : [parts[lang]];
  const subject = chosen.map((p) => p.subject).join(' / ');
  const text = chosen.map((p) => p.text.join('\n\n')).join('\n\n----------\n\n');
  const html = chosen.map((p) => p.html.map((para) => `<p>${para}</p>`).join('\n')).join('\n<hr>\n');
  return { to, subject, text: `${text}\n`, html: `<!doctype html><html><body>\n${html}\n</body></html>\n` };
}

/** A link paragraph for the HTML part. */
export const htmlLink = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

/** A page of the web app, from the configured origin (never from a request). */
export const pageUrl = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;
