/**
 * A package as a labeler describes it (openFDA's packaging[].description, e.g. "100 TABLET in 1 BOTTLE
 * (0071-0155-23)", "473 mL in 1 BOTTLE", "1 BOTTLE in 1 CARTON (…) > 120 mL in 1 BOTTLE (…)"), read as its size in
 * the NCPDP billing unit NADAC prices in: EA (each: tablets, capsules, patches, …), ML or GM. Nested levels
 * ("outer > inner") multiply: "3 BLISTER PACK in 1 CARTON > 10 TABLET in 1 BLISTER PACK" is 30 EA. A description
 * that does not read this way gives null (the size is then left unknown, never guessed).
 */

export const PACKAGE_UNITS = ['EA', 'ML', 'GM'] as const;
export type PackageUnit = (typeof PACKAGE_UNITS)[number];

export interface PackageSize {
  /** Units of `unit` in one package (at most 3 decimals). */
  size: number;
  unit: PackageUnit;
}

/** Measured units and their factor to the billing unit; every other unit (TABLET, CAPSULE, KIT, …) is EA. */
const MEASURES: Record<string, { unit: PackageUnit; factor: number }> = {
  ml: { unit: 'ML', factor: 1 },
  l: { unit: 'ML', factor: 1000 },
  g: { unit: 'GM', factor: 1 },
  kg: { unit: 'GM', factor: 1000 },
  mg: { unit: 'GM', factor: 0.001 },
};

/** One level: "<count> <unit words> in <count> <container words>", an NDC in brackets possibly after it. */
const LEVEL = /^(\d+(?:\.\d+)?)\s+(.+?)\s+in\s+(\d+(?:\.\d+)?)\s+.+?(?:\s*\([^)]*\))?$/i;

export function parsePackageDescription(description: string | null | undefined): PackageSize | null {
  if (!description) return null;
  const levels = description.split('>').map((level) => level.trim()).filter((level) => level !== '');
  if (levels.length === 0) return null;
  let total = 1;
  let innermost = '';
  for (const level of levels) {
    const match = LEVEL.exec(level);
    if (!match) return null;
    const count = Number(match[1]);
    const per = Number(match[3]);
    if (!(count > 0) || !(per > 0)) return null;
    total *= count / per;
    innermost = match[2]!.trim();
  }
  const measure = MEASURES[innermost.toLowerCase()];
  const size = Math.round(total * (measure?.factor ?? 1) * 1000) / 1000;
  if (!(size > 0)) return null;
  return { size, unit: measure?.unit ?? 'EA' };
}
