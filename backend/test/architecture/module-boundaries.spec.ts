import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const REPO = join(__dirname, '..', '..', '..');
const CRUISER = join(REPO, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/**
 * The project's own dependency rules (`.dependency-cruiser.cjs`), run over a small tree laid out like the backend,
 * with crossings planted in it: each is caught by the rule that names it, and the allowed ways in are not.
 */
async function violationsIn(files: Record<string, string>): Promise<Violation[]> {
  const root = mkdtempSync(join(tmpdir(), 'module-faces-'));
  try {
    writeFileSync(
      join(root, 'tsconfig.deps.json'),
      JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', strict: true }, include: ['backend/src'] }),
    );
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CRUISER, 'backend/src', '--config', join(REPO, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
    return result.summary.violations;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const found = (violations: Violation[]) => violations.map((v) => [v.rule.name, v.from, v.to]).sort();

describe('module boundaries (the rules in .dependency-cruiser.cjs)', () => {
  const tree = {
    'backend/src/modules/orders/index.ts': "export { orderStreamName } from './domain/order.events';\n",
    'backend/src/modules/orders/domain/order.events.ts': 'export const orderStreamName = (id: string): string => `order-${id}`;\n',
    'backend/src/modules/orders/inside.service.ts':
      "import { orderStreamName } from './domain/order.events';\nexport const inside = orderStreamName('1');\n",
    'backend/src/platform/http/edge.ts': 'export const edge = 1;\n',
  };

  it('given modules that meet through their index.ts, and a platform that names none of them, then nothing is found', async () => {
    const violations = await violationsIn({
      ...tree,
      'backend/src/modules/shipping/label.service.ts':
        "import { orderStreamName } from '../orders';\nimport { edge } from '../../platform/http/edge';\nexport const label = orderStreamName(String(edge));\n",
      'backend/src/app.module.ts': "import { orderStreamName } from './modules/orders';\nexport const app = orderStreamName('2');\n",
    });
    expect(found(violations)).toEqual([]);
  });

  it('given planted crossings, then each is refused by its rule', async () => {
    const violations = await violationsIn({
      ...tree,
      // Another module reaching past the face, into a file and into a domain.
      'backend/src/modules/shipping/label.service.ts':
        "import { inside } from '../orders/inside.service';\nimport { orderStreamName } from '../orders/domain/order.events';\nexport const label = orderStreamName(inside);\n",
      // The root reaching past it.
      'backend/src/app.module.ts': "import { inside } from './modules/orders/inside.service';\nexport const app = inside;\n",
      // The platform naming a module, even through its face.
      'backend/src/platform/http/hot.ts':
        "import { orderStreamName } from '../../modules/orders';\nexport const hot = orderStreamName('3');\n",
    });
    expect(found(violations)).toEqual(
      [
        [
          'modules-meet-through-their-faces',
          'backend/src/modules/shipping/label.service.ts',
          'backend/src/modules/orders/domain/order.events.ts',
        ],
        [
          'modules-meet-through-their-faces',
          'backend/src/modules/shipping/label.service.ts',
          'backend/src/modules/orders/inside.service.ts',
        ],
        ['outside-meets-modules-through-their-faces', 'backend/src/app.module.ts', 'backend/src/modules/orders/inside.service.ts'],
        ['platform-imports-no-module', 'backend/src/platform/http/hot.ts', 'backend/src/modules/orders/index.ts'],
      ].sort(),
    );
  });
});
