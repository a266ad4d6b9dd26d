/**
 * Storage's settings from supabase/config.toml, as the Supabase CLI reads them: `[storage] file_size_limit` (the
 * global upload limit, "50MiB" by default) caps every bucket's own `file_size_limit`. Files live under
 * `<dataDir>/storage`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { supabaseDir, type StackConfig } from '../config.ts';

export interface StorageConfig {
  /** Bytes: no upload may be larger, whatever its bucket allows. */
  globalFileSizeLimit: number;
  /** Where object files are kept. */
  filesDir: string;
}

const DEFAULT_LIMIT = '50MiB';
const UNITS: Record<string, number> = { B: 1, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3, KIB: 1024, MIB: 1024 ** 2, GIB: 1024 ** 3 };

/** "50MiB", "10MB", "512KB", "1000" → bytes. */
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  const unit = (match?.[2] || 'B').toUpperCase();
  const factor = UNITS[unit];
  if (!match || factor === undefined) throw new Error(`supabase/config.toml [storage] file_size_limit: "${text}" is not a size like "50MiB"`);
  return Math.floor(Number(match[1]) * factor);
}

export function loadStorageConfig(config: Pick<StackConfig, 'dataDir'>, configFile = path.join(supabaseDir, 'config.toml')): StorageConfig {
  const toml = parse(fs.readFileSync(configFile, 'utf8')) as { storage?: { file_size_limit?: unknown } };
  const limit = toml.storage?.file_size_limit ?? DEFAULT_LIMIT;
  if (typeof limit !== 'string' && typeof limit !== 'number') throw new Error('supabase/config.toml [storage] file_size_limit must be a size like "50MiB"');
  return { globalFileSizeLimit: parseSize(String(limit)), filesDir: path.join(config.dataDir, 'storage') };
}
