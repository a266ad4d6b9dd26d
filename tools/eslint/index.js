/**
 * The lint plugins, resolved from this workspace (where TypeScript 6 sits for typescript-eslint) for the
 * root eslint.config.js.
 */
export { default as js } from '@eslint/js';
export { default as reactHooks } from 'eslint-plugin-react-hooks';
export { default as globals } from 'globals';
export { default as tseslint } from 'typescript-eslint';
export { default as pharmacy } from './pharmacy-rules.js';
