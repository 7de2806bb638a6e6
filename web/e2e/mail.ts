import fs from 'node:fs';
import path from 'node:path';
import type { E2eSite } from './site';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * The first e-mail to `to` whose text matches `pattern`, as the stack's SMTP listener captured it (one JSON file
 * per message in <DATA_DIR>/mail); waits for it to arrive. Returns the pattern's first group.
 */
export async function waitForMail(
  site: E2eSite,
  to: string,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(site.mailDir)
      ? fs.readdirSync(site.mailDir).filter((f) => f.endsWith('.json'))
      : [];
    for (const f of files.sort()) {
      const m = JSON.parse(fs.readFileSync(path.join(site.mailDir, f), 'utf8')) as Mail;
      if (!m.to.some((a) => a.toLowerCase() === to.toLowerCase())) continue;
      const hit = pattern.exec(m.text);
      if (hit) return hit[1] ?? hit[0];
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${pattern} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A fresh member registered through the api with the e-mailed code (as the register page does). */
export async function registerByApi(
  site: E2eSite,
  prefix: string,
): Promise<{ token: string; userId: string; username: string; email: string; password: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const username = `${prefix}_${suffix}`.slice(0, 32);
  const email = `${username}@example.org`;
  const password = 'correct horse battery';
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: unknown; error?: unknown };
    if (json.code <= 0) throw new Error(`${path}: ${JSON.stringify(json.error)}`);
    return json.data as Record<string, unknown>;
  };
  await post('/api/user/register/code', { email });
  const code = await waitForMail(site, email, /confirmation code is (\d{6})/);
  const session = await post('/api/user/register', {
    firstName: 'Test',
    lastName: prefix,
    email,
    password,
    passwordConfirm: password,
    username,
    country: 'DE',
    code,
  });
  const user = session.user as { _id: string };
  return { token: session.token as string, userId: user._id, username, email, password };
}
