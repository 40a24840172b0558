import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** The `VAR=value` words before `node` in `npm start`'s command. */
function startScriptAssignments(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const assignments = new Map<string, string>();
  for (const word of (pkg.scripts.start ?? '').split(/\s+/)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(word);
    if (match === null) break;
    assignments.set(match[1] ?? '', match[2] ?? '');
  }
  return assignments;
}

describe('how the server is started', () => {
  it('npm start has glibc give freed blocks over 128 KiB back to the system (the idle shop’s memory depends on it)', () => {
    expect(startScriptAssignments().get('MALLOC_TRIM_THRESHOLD_')).toBe('131072');
  });

  it('the container image sets every variable npm start sets, to the same value', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const env = new Map(
      [...dockerfile.matchAll(/^ENV (.+)$/gm)].flatMap((line) =>
        (line[1] ?? '').split(/\s+/).map((word) => word.split('=') as [string, string]),
      ),
    );
    expect(startScriptAssignments().size).toBeGreaterThan(0);
    for (const [name, value] of startScriptAssignments()) expect([name, env.get(name)]).toEqual([name, value]);
  });
});
