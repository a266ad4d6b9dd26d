/**
 * A migration file as one JSON object with the four arrays (`{"patients": [...], "prescriptions": [...], ...}`),
 * read as a stream (issue 27): files run to hundreds of MB, so the screen's worker feeds the text chunks here and
 * gets each array's rows one by one — only the row being read is held (at most MIGRATION_JSON_ROW_MAX characters),
 * never the whole text and the whole parsed object. Other keys are skipped; a known key whose value is not a list
 * (or null) is reported. Text that is not JSON ends the read with the spec's 'Invalid JSON'.
 * Work is linear in the text: one pass, each row parsed once by JSON.parse.
 */
import { MIGRATION_ARRAYS, type MigrationArray } from './migration-data.ts';

/** Longest row taken (a real record is well under 4 KB); longer is taken as a broken file. */
export const MIGRATION_JSON_ROW_MAX = 64 * 1024;

export type MigrationJsonStreamItem =
  | { kind: 'row'; array: MigrationArray; row: unknown }
  | { kind: 'not-a-list'; array: MigrationArray };

/** The text is not the JSON object of a migration file; `message` says where it broke. */
export class MigrationJsonStreamError extends Error {}

type State =
  | 'start' // before the object's {
  | 'key-or-end' // after { or a value's comma: a key or }
  | 'key' // inside a key's string
  | 'colon'
  | 'value' // before a value
  | 'skip' // inside a value that is not one of the arrays
  | 'item-or-end' // inside an array: a row or ]
  | 'row' // inside a row
  | 'after-row' // after a row: , or ]
  | 'after-value' // after a value: , or }
  | 'done';

const ARRAY_KEYS = new Set<string>(MIGRATION_ARRAYS);
const KEY_MAX = 200;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

export class MigrationJsonStreamReader {
  #state: State = 'start';
  #key = '';
  #keyEscape = false;
  #array: MigrationArray | null = null;
  /** The row's (or skipped value's) text so far, and its nesting. */
  #text = '';
  #depth = 0;
  #inString = false;
  #escape = false;
  /** Whether the value being skipped is a string, an object/array or a literal. */
  #skipKind: 'string' | 'nested' | 'literal' = 'literal';
  #sawArray = false;
  #sawRowInArray = false;

  /** Feed text as it arrives; answers the rows completed. Throws MigrationJsonStreamError on text that is not the file. */
  push(chunk: string): MigrationJsonStreamItem[] {
    const items: MigrationJsonStreamItem[] = [];
    let rowStart = this.#state === 'row' ? 0 : -1;
    for (let i = 0; i < chunk.length; i += 1) {
      const code = chunk.charCodeAt(i);
      switch (this.#state) {
        case 'start':
          if (isSpace(code) || code === 0xfeff) break;
          if (code !== 0x7b) this.#fail('the file must be a JSON object with the arrays patients, medications, prescribers, prescriptions');
          this.#state = 'key-or-end';
          break;
        case 'key-or-end':
          if (isSpace(code)) break;
          if (code === 0x7d) this.#state = 'done';
          else if (code === 0x22) {
            this.#key = '';
            this.#keyEscape = false;
            this.#state = 'key';
          } else this.#fail('a key was expected');
          break;
        case 'key':
          if (this.#keyEscape) {
            this.#keyEscape = false;
            this.#key += chunk[i];
          } else if (code === 0x5c) this.#keyEscape = true;
          else if (code === 0x22) this.#state = 'colon';
          else this.#key += chunk[i];
          if (this.#key.length > KEY_MAX) this.#fail('a key is too long');
          break;
        case 'colon':
          if (isSpace(code)) break;
          if (code !== 0x3a) this.#fail('a colon was expected');
          this.#state = 'value';
          break;
        case 'value': {
          if (isSpace(code)) break;
          const array = ARRAY_KEYS.has(this.#key) ? (this.#key as MigrationArray) : null;
          if (array !== null && code === 0x5b) {
            this.#array = array;
            this.#sawArray = true;
            this.#sawRowInArray = false;
            this.#state = 'item-or-end';
            break;
          }
          // Anything else is skipped; a known key's value that is not a list (null is "not given") is reported once read.
          this.#text = '';
          this.#depth = 0;
          this.#inString = false;
          this.#escape = false;
          this.#array = array;
          this.#skipKind = code === 0x22 ? 'string' : code === 0x7b || code === 0x5b ? 'nested' : 'literal';
          this.#state = 'skip';
          i -= 1;
          break;
        }
        case 'skip':
          if (this.#skipKind === 'literal') {
            if (code === 0x2c || code === 0x7d || isSpace(code)) {
              this.#endSkipped(items);
              this.#state = 'after-value';
              i -= 1;
            } else {
              this.#text += chunk[i];
              if (this.#text.length > 40) this.#fail('a value is not JSON');
            }
            break;
          }
          if (this.#inString) {
            if (this.#escape) this.#escape = false;
            else if (code === 0x5c) this.#escape = true;
            else if (code === 0x22) {
              this.#inString = false;
              if (this.#skipKind === 'string') {
                this.#endSkipped(items);
                this.#state = 'after-value';
              }
            }
            break;
          }
          if (code === 0x22) this.#inString = true;
          else if (code === 0x7b || code === 0x5b) this.#depth += 1;
          else if (code === 0x7d || code === 0x5d) {
            this.#depth -= 1;
            if (this.#depth === 0) {
              this.#endSkipped(items);
              this.#state = 'after-value';
            }
          }
          break;
        case 'item-or-end':
          if (isSpace(code)) break;
          if (code === 0x5d) {
            if (this.#sawRowInArray) this.#fail('a row was expected after a comma');
            this.#state = 'after-value';
            break;
          }
          this.#text = '';
          this.#depth = 0;
          this.#inString = false;
          this.#escape = false;
          this.#state = 'row';
          rowStart = i;
          i -= 1;
          break;
        case 'row':
          if (this.#inString) {
            if (this.#escape) this.#escape = false;
            else if (code === 0x5c) this.#escape = true;
            else if (code === 0x22) this.#inString = false;
            break;
          }
          if (code === 0x22) this.#inString = true;
          else if (code === 0x7b || code === 0x5b) this.#depth += 1;
          else if (code === 0x7d || code === 0x5d || code === 0x2c) {
            if (code !== 0x2c) this.#depth -= 1;
            if (this.#depth < 0 || (code === 0x2c && this.#depth === 0)) {
              // The row ended just before this comma or bracket.
              this.#text += chunk.slice(rowStart, i);
              rowStart = -1;
              this.#endRow(items);
              this.#depth = 0;
              this.#state = 'after-row';
              i -= 1;
            }
          }
          break;
        case 'after-row':
          if (isSpace(code)) break;
          if (code === 0x2c) {
            this.#sawRowInArray = true;
            this.#state = 'item-or-end';
          } else if (code === 0x5d) this.#state = 'after-value';
          else this.#fail('a comma or ] was expected after a row');
          break;
        case 'after-value':
          if (isSpace(code)) break;
          if (code === 0x2c) this.#state = 'key-or-end';
          else if (code === 0x7d) this.#state = 'done';
          else this.#fail('a comma or } was expected');
          break;
        case 'done':
          if (!isSpace(code)) this.#fail('text follows the end of the object');
          break;
      }
    }
    if (this.#state === 'row' && rowStart >= 0) {
      this.#text += chunk.slice(rowStart);
      // Checked per chunk: an unfinished row is never held beyond the limit plus one chunk.
      if (this.#text.length > MIGRATION_JSON_ROW_MAX) this.#tooLong();
    }
    return items;
  }

  /** Call once at the end of the text. Throws MigrationJsonStreamError when the object is unfinished. */
  end(): MigrationJsonStreamItem[] {
    if (this.#state !== 'done') this.#fail('the file ends before its object does');
    return [];
  }

  /** Whether any of the four arrays was found. */
  get sawArray(): boolean {
    return this.#sawArray;
  }

  #tooLong(): never {
    this.#text = '';
    this.#fail(`a row is longer than ${MIGRATION_JSON_ROW_MAX.toLocaleString('en-US')} characters`);
  }

  #endRow(items: MigrationJsonStreamItem[]): void {
    if (this.#text.length > MIGRATION_JSON_ROW_MAX) this.#tooLong();
    const text = this.#text.trim();
    this.#text = '';
    let row: unknown;
    try {
      row = JSON.parse(text);
    } catch {
      this.#fail('a row is not JSON');
    }
    items.push({ kind: 'row', array: this.#array!, row });
  }

  #endSkipped(items: MigrationJsonStreamItem[]): void {
    if (this.#skipKind === 'literal' && !['null', 'true', 'false'].includes(this.#text) && !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(this.#text)) {
      this.#fail('a value is not JSON');
    }
    if (this.#array !== null && !(this.#skipKind === 'literal' && this.#text === 'null')) items.push({ kind: 'not-a-list', array: this.#array });
    this.#array = null;
    this.#text = '';
  }

  #fail(where: string): never {
    this.#state = 'done';
    throw new MigrationJsonStreamError(`Invalid JSON: ${where}`);
  }
}
