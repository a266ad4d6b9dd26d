/**
 * The loading overlay's pure parts (spec part 2 "Loading overlay", §9) and the Loading Demo's cards: the seven
 * types each with a name and messages (the prescription entry's own kept), rotation every 500 ms wrapping to the
 * first message, progress clamped to a whole 0–100, and the demo's six cards shown 5 s, the migration one's bar
 * going from 0 to 100 over those 5 s.
 */
import { describe, expect, it } from 'vitest';
import {
  clampProgress,
  LOADING_OVERLAY_TYPES,
  LOADING_OVERLAYS,
  MESSAGE_ROTATION_MS,
  nextMessageIndex,
} from '../../web/src/components/ui/loading-overlay-messages.ts';
import { DEMO_CARDS, DEMO_DURATION_MS, demoProgress } from '../../web/src/features/loading-demo/demo-cards.ts';

describe('loading overlay content', () => {
  it('has the spec\'s seven types, each with its own name and messages', () => {
    expect([...LOADING_OVERLAY_TYPES]).toEqual(['prescription', 'patient', 'inventory', 'analysis', 'migration', 'auth', 'default']);
    expect(Object.keys(LOADING_OVERLAYS).sort()).toEqual([...LOADING_OVERLAY_TYPES].sort());
    const names = LOADING_OVERLAY_TYPES.map((type) => LOADING_OVERLAYS[type].name);
    expect(new Set(names).size).toBe(7);
    for (const type of LOADING_OVERLAY_TYPES) {
      const { messages } = LOADING_OVERLAYS[type];
      expect(messages.length, type).toBeGreaterThanOrEqual(2);
      expect(new Set(messages).size, type).toBe(messages.length);
      for (const message of messages) expect(message.trim(), type).not.toBe('');
    }
  });

  it('keeps the prescription entry\'s names and messages', () => {
    expect(LOADING_OVERLAYS.prescription).toEqual({
      name: 'Entering prescription',
      messages: ['Validating prescription…', 'Saving prescription…', 'Assigning Rx number…'],
    });
    expect(LOADING_OVERLAYS.analysis).toEqual({
      name: 'Analyzing drug safety',
      messages: ['Checking drug interactions…', 'Reviewing current medications…', 'Checking allergies…'],
    });
  });

  it('rotates every 500 ms through the messages and back to the first', () => {
    expect(MESSAGE_ROTATION_MS).toBe(500);
    expect(nextMessageIndex(0, 3)).toBe(1);
    expect(nextMessageIndex(1, 3)).toBe(2);
    expect(nextMessageIndex(2, 3)).toBe(0);
    expect(nextMessageIndex(0, 1)).toBe(0);
    expect(nextMessageIndex(4, 0)).toBe(0);
  });

  it('clamps progress to a whole percentage from 0 to 100', () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(0)).toBe(0);
    expect(clampProgress(42.4)).toBe(42);
    expect(clampProgress(42.6)).toBe(43);
    expect(clampProgress(100)).toBe(100);
    expect(clampProgress(250)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('loading demo cards', () => {
  it('are the spec\'s six, shown 5 s, only the migration one with progress', () => {
    expect(DEMO_DURATION_MS).toBe(5000);
    expect(DEMO_CARDS.map((card) => card.type)).toEqual(['prescription', 'patient', 'inventory', 'analysis', 'migration', 'auth']);
    expect(DEMO_CARDS.filter((card) => card.withProgress).map((card) => card.type)).toEqual(['migration']);
    expect(DEMO_CARDS.find((card) => card.type === 'migration')?.description).toMatch(/timer/);
  });

  it('move the migration bar from 0 to 100 over the demo, never beyond', () => {
    expect(demoProgress(0)).toBe(0);
    expect(demoProgress(-10)).toBe(0);
    expect(demoProgress(1250)).toBe(25);
    expect(demoProgress(2500)).toBe(50);
    expect(demoProgress(4999)).toBe(99);
    expect(demoProgress(5000)).toBe(100);
    expect(demoProgress(9000)).toBe(100);
    expect(demoProgress(50, 100)).toBe(50);
    expect(demoProgress(1, 0)).toBe(100);
  });
});
