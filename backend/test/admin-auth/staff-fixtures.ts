import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StaffRole } from '@brewery/shop-rules';
import type { TestApp } from '../create-test-app';
import { adminGet, adminToken, outbox } from '../admin-ops/admin-ops-fixtures';

/** A quoted-printable body as a mail reader shows it. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The one-time token of the newest e-mail of `kind` to `to`, read from the message the shop sent (DATA_DIR/outbox),
 * as the person reading their e-mail gets it: the admin outbox hides it.
 */
export async function mailedToken(t: TestApp, to: string, kind: 'staff-invitation' | 'staff-password-reset'): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const row = (await outbox(t)).find((e) => e.to.toLowerCase() === to.toLowerCase() && e.kind === kind && e.status === 'sent');
    if (row !== undefined) {
      const file = join(t.config.dataDir, 'outbox', `${row._id.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`);
      if (existsSync(file)) {
        const token = /token=([A-Za-z0-9._%-]+)/.exec(decodeQuotedPrintable(readFileSync(file, 'utf8')))?.[1];
        if (token !== undefined) return decodeURIComponent(token);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No ${kind} e-mail to ${to} was sent`);
}

let clients = 0;

/**
 * A POST to a public admin route (sign in, an invitation, a reset) from a client address of its own, so the
 * per-address limits (10 a minute) count only what a test means them to.
 */
export function publicPost(t: TestApp, path: string) {
  clients += 1;
  return t
    .http()
    .post(path)
    .set('X-Forwarded-For', `10.${Math.floor(clients / 65536) % 256}.${Math.floor(clients / 256) % 256}.${clients % 256}`);
}

export const STAFF_PASSWORD = 'packing boxes on a saturday';

/** Invites a person as the first owner, and has them accept with `STAFF_PASSWORD`: their staff id. */
export async function staffMember(t: TestApp, input: { email: string; name: string; role: StaffRole }): Promise<string> {
  const invited = await t
    .http()
    .post('/api/admin/staff')
    .set('Authorization', `Bearer ${await adminToken(t)}`)
    .send(input)
    .expect(201);
  const token = await mailedToken(t, input.email, 'staff-invitation');
  await publicPost(t, '/api/admin/invites/accept').send({ token, password: STAFF_PASSWORD }).expect(200);
  return (invited.body as { id: string }).id;
}

/** Signs a person in by e-mail: their bearer token. */
export async function signIn(t: TestApp, email: string, password = STAFF_PASSWORD, code?: string): Promise<string> {
  const res = await publicPost(t, '/api/admin/login').send({ email, password, ...(code === undefined ? {} : { code }) });
  if (res.status !== 201) throw new Error(`sign-in of ${email} answered ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

export async function staffList(t: TestApp) {
  return (await adminGet(t, '/api/admin/staff')).body as { staff: { id: string; email: string; role: string; status: string }[] };
}
