// ESLint over every source file: the JavaScript and typescript-eslint recommended rules, the sets that need no
// type information so that `npm run lint` stays fast. Formatting is Prettier's: eslint-config-prettier, last,
// turns off any rule that would judge layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// The plain .js/.mjs files (bin, bench, the example policy) run on Node: its globals are the ones this Node has.
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

export default tseslint.config(
  { ignores: ['dist/', 'reports/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { languageOptions: { globals: nodeGlobals } },
  {
    rules: {
      // `const { dropped: _, ...rest } = x` is how the code leaves fields out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  prettier,
);
