/**
 * A small reader for the messages our own mailer sends (nodemailer: text and HTML parts, quoted-printable or
 * base64, UTF-8), so the dev outbox and the tests can show what a recipient reads. Not a general MIME parser.
 */
export interface ReadMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  date: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers, when the message has them. */
  listUnsubscribe?: string;
  listUnsubscribePost?: string;
}

function splitHeadBody(raw: string): [Map<string, string>, string] {
  const sep = raw.indexOf('\r\n\r\n') >= 0 ? '\r\n\r\n' : '\n\n';
  const at = raw.indexOf(sep);
  const head = at >= 0 ? raw.slice(0, at) : raw;
  const body = at >= 0 ? raw.slice(at + sep.length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return [headers, body];
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=) in headers such as Subject. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function collectParts(headers: Map<string, string>, body: string, out: { text?: string; html?: string }) {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const [h, b] = splitHeadBody(part.replace(/^\r?\n/, ''));
      collectParts(h, b.replace(/\r?\n$/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (/^text\/html/i.test(type)) out.html ??= decoded;
  else if (/^text\/plain/i.test(type)) out.text ??= decoded;
}

export function readMessage(raw: string, envelopeTo: string[] = []): ReadMessage {
  const [headers, body] = splitHeadBody(raw);
  const parts: { text?: string; html?: string } = {};
  collectParts(headers, body, parts);
  return {
    from: decodeHeader(headers.get('from') ?? ''),
    to: envelopeTo.length
      ? envelopeTo
      : (headers.get('to') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: (parts.text ?? '').replace(/\r\n/g, '\n'),
    html: parts.html ?? null,
    date: headers.get('date') ?? '',
    ...(headers.has('list-unsubscribe') ? { listUnsubscribe: headers.get('list-unsubscribe') } : {}),
    ...(headers.has('list-unsubscribe-post')
      ? { listUnsubscribePost: headers.get('list-unsubscribe-post') }
      : {}),
  };
}
