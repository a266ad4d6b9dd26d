/**
 * A small XML reader for documents from outside (NCPDP SCRIPT messages), hostile until parsed: no DTD at all (a
 * `<!DOCTYPE` or `<!ENTITY` is refused, so neither external nor internal entities exist and a billion-laughs file
 * stops at its first line), only the five predefined entities and numeric character references, bounded input size,
 * nesting depth and element count, one pass in linear time. It gives a plain tree of local names (prefixes dropped),
 * attributes and text — what reading a SCRIPT message needs, not a DOM.
 */
import { ExtractionError } from './prescription-file.ts';

export interface XmlElement {
  /** The local name (a `ns:` prefix dropped). */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its children's excluded), entities resolved, trimmed. */
  text: string;
}

export const XML_LIMITS = { maxChars: 2 * 1024 * 1024, maxDepth: 64, maxElements: 50_000 } as const;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function fail(reason: string): never {
  throw new ExtractionError(`The XML document cannot be read: ${reason}`);
}

function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][\w.-]{0,31});?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) fail('an entity reference is not closed');
    if (name.startsWith('#x')) return String.fromCodePoint(boundedCodePoint(parseInt(name.slice(2), 16)));
    if (name.startsWith('#')) return String.fromCodePoint(boundedCodePoint(parseInt(name.slice(1), 10)));
    const value = PREDEFINED[name];
    if (value === undefined) fail(`the entity &${name}; is not defined (documents may not declare entities)`);
    return value;
  });
}

function boundedCodePoint(code: number): number {
  if (!Number.isFinite(code) || code > 0x10ffff || code === 0 || (code >= 0xd800 && code <= 0xdfff)) fail('a character reference is out of range');
  return code;
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;

/** Parses the whole document into its root element; refuses a DTD, entities, and anything past the limits. */
export function parseXml(source: string): XmlElement {
  if (source.length > XML_LIMITS.maxChars) fail('it is larger than 2 MB');
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) fail('it declares a DTD or entities, which are not allowed');
  const stack: XmlElement[] = [];
  const texts: string[][] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  let index = 0;
  const length = source.length;

  while (index < length) {
    const open = source.indexOf('<', index);
    const textEnd = open < 0 ? length : open;
    if (textEnd > index) {
      const raw = source.slice(index, textEnd);
      if (stack.length === 0) {
        if (raw.trim() !== '') fail('there is text outside the root element');
      } else {
        texts[texts.length - 1]!.push(decodeEntities(raw));
      }
    }
    if (open < 0) break;
    index = open;

    if (source.startsWith('<?', index)) {
      const end = source.indexOf('?>', index + 2);
      if (end < 0) fail('a processing instruction is not closed');
      index = end + 2;
    } else if (source.startsWith('<!--', index)) {
      const end = source.indexOf('-->', index + 4);
      if (end < 0) fail('a comment is not closed');
      index = end + 3;
    } else if (source.startsWith('<![CDATA[', index)) {
      const end = source.indexOf(']]>', index + 9);
      if (end < 0) fail('a CDATA section is not closed');
      if (stack.length === 0) fail('there is text outside the root element');
      texts[texts.length - 1]!.push(source.slice(index + 9, end));
      index = end + 3;
    } else if (source.startsWith('<!', index)) {
      fail('it contains a markup declaration');
    } else if (source.startsWith('</', index)) {
      NAME.lastIndex = index + 2;
      const name = NAME.exec(source)?.[0];
      if (!name) fail('a closing tag has no name');
      const end = source.indexOf('>', NAME.lastIndex);
      if (end < 0 || source.slice(NAME.lastIndex, end).trim() !== '') fail(`the closing tag </${name}> is malformed`);
      const element = stack.pop();
      const ownText = texts.pop();
      if (!element || element.name !== localName(name)) fail(`</${name}> does not close the open element`);
      element.text = ownText!.join('').trim();
      index = end + 1;
    } else {
      NAME.lastIndex = index + 1;
      const name = NAME.exec(source)?.[0];
      if (!name) fail('a tag has no name');
      let cursor = NAME.lastIndex;
      const attributes: Record<string, string> = {};
      for (;;) {
        ATTRIBUTE.lastIndex = cursor;
        const attribute = ATTRIBUTE.exec(source);
        if (!attribute) break;
        attributes[localName(attribute[1]!)] = decodeEntities(attribute[3] ?? attribute[4] ?? '');
        cursor = ATTRIBUTE.lastIndex;
      }
      while (cursor < length && /\s/.test(source[cursor]!)) cursor += 1;
      const selfClosing = source.startsWith('/>', cursor);
      if (!selfClosing && source[cursor] !== '>') fail(`the tag <${name}> is malformed`);
      elements += 1;
      if (elements > XML_LIMITS.maxElements) fail(`it has more than ${XML_LIMITS.maxElements} elements`);
      const element: XmlElement = { name: localName(name), attributes, children: [], text: '' };
      if (stack.length === 0) {
        if (root) fail('it has more than one root element');
        root = element;
      } else {
        stack[stack.length - 1]!.children.push(element);
      }
      if (!selfClosing) {
        if (stack.length >= XML_LIMITS.maxDepth) fail(`it nests deeper than ${XML_LIMITS.maxDepth} levels`);
        stack.push(element);
        texts.push([]);
      }
      index = cursor + (selfClosing ? 2 : 1);
    }
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1]!.name}> is not closed`);
  if (!root) fail('it has no root element');
  return root;
}

/** The first child of that local name, or undefined. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

/** The element at the path of local names below `element`, or undefined. */
export function at(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = child(current, name);
  return current;
}

/** The text at the path, or undefined when the element is missing or empty. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const text = at(element, ...path)?.text;
  return text === undefined || text === '' ? undefined : text;
}
