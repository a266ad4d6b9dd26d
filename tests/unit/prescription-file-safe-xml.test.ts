/**
 * The bounded XML reader (shared/src/prescription-files/safe-xml.ts): no DTD and so no entities of a document's own
 * (a billion-laughs file and an external entity are refused at once), only the predefined entities and character
 * references, and limits on size, depth and element count that stop hostile documents fast; a SCRIPT-shaped
 * document read into local names, attributes and text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../../shared/src/prescription-files/prescription-file.ts';
import { at, parseXml, textAt, XML_LIMITS } from '../../shared/src/prescription-files/safe-xml.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/prescription-files/${name}`, import.meta.url), 'utf8');

/**
 * Runs `read`, expecting an ExtractionError with `message`. Unbounded work (an entity expansion, a quadratic pattern)
 * would run past the test's own time limit; speed itself is not asserted here.
 */
function refused(read: () => unknown, message: string): void {
  expect(read).toThrow(ExtractionError);
  expect(read).toThrow(message);
}

describe('parseXml refuses', () => {
  it('a billion-laughs document at once, before any entity exists', () => {
    refused(() => parseXml(fixture('billion-laughs.xml')), 'The XML document cannot be read: it declares a DTD or entities, which are not allowed');
  });

  it('an external entity (XXE) and an internal DTD subset, whatever their case or place', () => {
    expect(() => parseXml('<?xml version="1.0"?><!DOCTYPE m [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><m>&xxe;</m>')).toThrow('declares a DTD or entities');
    expect(() => parseXml('<m><!doctype m></m>')).toThrow('declares a DTD or entities');
    expect(() => parseXml('<m><!ELEMENT m ANY></m>')).toThrow('it contains a markup declaration');
  });

  it('an entity the document did not get from XML itself, and an unclosed or out-of-range reference', () => {
    expect(() => parseXml('<a>&xxe;</a>')).toThrow('the entity &xxe; is not defined (documents may not declare entities)');
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow('the entity &nbsp; is not defined');
    expect(() => parseXml('<a>fish &amp chips</a>')).toThrow('an entity reference is not closed');
    expect(() => parseXml('<a>&#x110000;</a>')).toThrow('a character reference is out of range');
    expect(() => parseXml('<a>&#0;</a>')).toThrow('a character reference is out of range');
  });

  it('a depth bomb: 64 levels are read, 65 are not, and 100,000 stop at once', () => {
    expect(parseXml(`${'<a>'.repeat(64)}${'</a>'.repeat(64)}`).name).toBe('a');
    expect(() => parseXml(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`)).toThrow('it nests deeper than 64 levels');
    refused(() => parseXml(`<m>${'<a>'.repeat(100_000)}`), 'it nests deeper than 64 levels');
  });

  it('more than 50,000 elements, and more than 2 MB', () => {
    expect(XML_LIMITS).toEqual({ maxChars: 2 * 1024 * 1024, maxDepth: 64, maxElements: 50_000 });
    expect(parseXml(`<m>${'<a/>'.repeat(49_999)}</m>`).children).toHaveLength(49_999);
    refused(() => parseXml(`<m>${'<a/>'.repeat(50_000)}</m>`), 'it has more than 50000 elements');
    refused(() => parseXml(`<a>${'x'.repeat(2 * 1024 * 1024)}</a>`), 'it is larger than 2 MB');
  });

  it('broken documents, each with a plain sentence', () => {
    expect(() => parseXml('<a><b></a>')).toThrow('The XML document cannot be read: </a> does not close the open element');
    expect(() => parseXml('<a><b>')).toThrow('<b> is not closed');
    expect(() => parseXml('<a/><b/>')).toThrow('it has more than one root element');
    expect(() => parseXml('hello <a/>')).toThrow('there is text outside the root element');
    expect(() => parseXml('<a><!-- open')).toThrow('a comment is not closed');
    expect(() => parseXml('<a x="1></a>')).toThrow('the tag <a> is malformed');
    expect(() => parseXml('')).toThrow('it has no root element');
  });
});

describe('parseXml reads', () => {
  it('local names, attributes, the predefined entities, character references and CDATA', () => {
    const root = parseXml(`<?xml version="1.0"?><!-- sent --><s:Message xmlns:s="x" v='1' q="a &lt; b"><s:Note>a &amp; b &#65;&#x42; &quot;&apos;&gt;<![CDATA[<c>&amp;]]></s:Note><Empty/></s:Message>`);
    expect(root).toEqual({
      name: 'Message',
      attributes: { s: 'x', v: '1', q: 'a < b' },
      text: '',
      children: [{ name: 'Note', attributes: {}, children: [], text: 'a & b AB "\'><c>&amp;' }, { name: 'Empty', attributes: {}, children: [], text: '' }],
    });
  });

  it('paths of local names: at and textAt', () => {
    const root = parseXml(fixture('newrx-2017071.xml'));
    expect(textAt(root, 'Header', 'MessageID')).toBe('NEWRX-2017071-0001');
    expect(at(root, 'Body', 'NewRx', 'Patient', 'HumanPatient')?.name).toBe('HumanPatient');
    expect(textAt(root, 'Body', 'Missing', 'Thing')).toBeUndefined();
  });

  it('in linear time: a 1.9 MB document of 40,000 elements in well under a second', () => {
    const item = '<Item code="x&amp;y">text &lt;1&gt; </Item>';
    const document = `<Message>${item.repeat(40_000)}</Message>`;
    expect(document.length).toBeLessThan(XML_LIMITS.maxChars);
    expect(parseXml(document).children).toHaveLength(40_000);
  });
});
