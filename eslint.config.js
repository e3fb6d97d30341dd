import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { floorsPlugin } from './eslint/floors.js'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'devwallet/dist',
      '.data',
      'e2e/screenshots',
      'bench/results',
      'bench/peers/*/dist',
      'bench/peers/*/.ponder',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render text as HTML.' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The wallet core and domain rules stay framework-free.
    files: ['src/wallet/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'react/*', '../web/*', '../../web/*'] }],
    },
  },
  {
    // Floors import downwards only, and no module loads itself through its imports; tests and their
    // helpers may reach any floor.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    plugins: { floors: floorsPlugin },
    rules: { 'floors/import-downwards': 'error', 'floors/no-import-cycle': 'error' },
  },
  {
    // Small modules with one job: a file past 250 lines (tests too) or a function past 150 is split before it grows.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/db/schema.ts',
      'src/web/i18n/catalogs/**',
      'src/web/graphql/graphql-env.d.ts',
      'src/**/*Artifact.ts',
    ],
    rules: { 'max-lines': ['error', 250] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/testing/**', 'src/web/i18n/catalogs/**', 'src/**/*Artifact.ts'],
    rules: { 'max-lines-per-function': ['error', 150] },
  },
)
