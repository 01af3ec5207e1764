// ESLint for the product code (sidecar/src, webui/src), run by `npm test` (README, "Running
// tests"): typescript-eslint's recommended rules plus the type-aware ones that catch lost work —
// a promise nobody awaits or handles, a promise where a callback's result is ignored — and no
// empty block (a `catch` that swallows must say why in a comment). Formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'jetbrains-plugin/**', 'webui/vite.config.ts'] },
  {
    files: ['sidecar/src/**/*.ts', 'webui/src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      // An empty block is allowed only with a comment inside saying why (no-empty counts a comment).
      'no-empty': ['error', { allowEmptyCatch: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression[typeAnnotation.type="TSUnknownKeyword"]',
          message: 'no `as unknown as`: type the value, or narrow it',
        },
        { selector: 'TSAsExpression[typeAnnotation.type="TSNeverKeyword"]', message: 'no `as never`: type the value, or narrow it' },
      ],
      // A function that does nothing says why in a comment (a swallowed failure must never be silent).
      '@typescript-eslint/no-empty-function': 'error',
      'no-control-regex': 'off', // the NUL-byte checks match \u0000 on purpose
    },
  },
);
