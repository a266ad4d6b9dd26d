/**
 * Vitest global setup for integration tests: one fresh stack for the whole run, handed to the tests
 * through vitest's provide/inject.
 */
import type { TestProject } from 'vitest/node';
import { startTestStack, type StackEnv, type TestStack } from './test-stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackEnv;
  }
}

let stack: TestStack | undefined;

export async function setup(project: TestProject): Promise<void> {
  stack = await startTestStack();
  project.provide('stack', stack.env);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
