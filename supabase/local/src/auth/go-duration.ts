/**
 * Go's time.ParseDuration, which GoTrue applies to the admin API's ban_duration ("24h", "1h30m",
 * "876000h", "90s"). Returns milliseconds, or throws with Go's error text.
 */
const UNIT_MILLISECONDS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration "${text}"`);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  while (rest !== '') {
    const match = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)?/.exec(rest);
    const [whole, integer = '', fraction, unit] = match ?? [];
    if (!whole || (integer === '' && (fraction === undefined || fraction === ''))) throw invalid();
    if (!unit) throw new Error(`time: missing unit in duration "${text}"`);
    const value = Number(`${integer || '0'}.${fraction || '0'}`);
    total += value * (UNIT_MILLISECONDS[unit] as number);
    rest = rest.slice(whole.length);
  }
  return sign * total;
}
