import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/testing/setup-tests.ts'],
        include: ['src/**/*.test.{ts,tsx}'],
        css: false,
        restoreMocks: true,
        unstubGlobals: true,
        testTimeout: 15000,
      },
    }),
  ),
);
