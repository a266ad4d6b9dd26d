/**
 * Sanitises an uploaded SVG logo by rebuilding it from an allow-list: the text is parsed as XML (@xmldom/xmldom,
 * strict: a malformed file, an entity declaration or a root other than <svg> is refused), and a new document
 * receives only the static-graphics SVG elements and presentation attributes listed here. So scripts, event
 * handlers, animations (which can rewrite an href), foreignObject/HTML, external references (href, url(), CSS
 * imports and fonts), comments, processing instructions, the doctype and anything in another namespace never
 * reach the copy, whatever spelling or encoding trick the source used: what is not listed is not copied.
 *
 * Allowed references: `href`/`xlink:href` to a fragment of the same document (`#id`), and on <image> an embedded
 * PNG or JPEG (`data:image/png;base64,…`); `url(#id)` in attributes and styles. CSS (style attributes and <style>)
 * is kept only when it has no escapes, no at-rule that loads anything and no url() but a fragment one.
 *
 * Pure (no Deno APIs): the api function calls it and Node unit tests exercise it.
 */
import { DOMImplementation, DOMParser, type Document, type Element, type Node, XMLSerializer } from '@xmldom/xmldom';

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

export type SvgSanitiseResult = { ok: true; svg: string } | { ok: false; reason: string };

const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc']);

/** Static SVG: structure, shapes, text, paint servers, clipping/masking, markers and filter primitives. */
const ALLOWED_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'image',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB',
  'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
  'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);

/** Elements whose children are kept though the element itself is not (a link around a shape). */
const UNWRAPPED_ELEMENTS = new Set(['a']);

/** Attributes without a namespace that any allowed element may keep (values still checked). */
const ALLOWED_ATTRIBUTES = new Set([
  // core and structure
  'id', 'class', 'style', 'lang', 'tabindex', 'role', 'aria-label', 'aria-hidden', 'aria-labelledby',
  'aria-describedby', 'version', 'baseProfile', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y',
  'transform', 'systemLanguage', 'href',
  // geometry
  'd', 'pathLength', 'points', 'cx', 'cy', 'r', 'rx', 'ry', 'x1', 'y1', 'x2', 'y2', 'fx', 'fy', 'fr',
  // presentation
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color', 'display',
  'visibility', 'overflow', 'clip', 'clip-path', 'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid',
  'marker-end', 'paint-order', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering',
  'color-interpolation', 'color-interpolation-filters', 'color-rendering', 'mix-blend-mode', 'isolation',
  'enable-background', 'stop-color', 'stop-opacity', 'flood-color', 'flood-opacity', 'lighting-color',
  // text
  'font-family', 'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight',
  'text-anchor', 'text-decoration', 'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'letter-spacing',
  'word-spacing', 'writing-mode', 'direction', 'unicode-bidi', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust',
  'startOffset', 'method', 'spacing', 'side',
  // paint servers, clipping, masking, markers
  'offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerWidth', 'markerHeight', 'markerUnits',
  'refX', 'refY', 'orient',
  // filters
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'type', 'values', 'operator',
  'k1', 'k2', 'k3', 'k4', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'baseFrequency',
  'numOctaves', 'seed', 'stitchTiles', 'scale', 'xChannelSelector', 'yChannelSelector', 'radius', 'kernelMatrix',
  'order', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha', 'surfaceScale', 'diffuseConstant',
  'specularConstant', 'specularExponent', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY',
  'pointsAtZ', 'limitingConeAngle', 'kernelUnitLength',
]);

const LOCAL_FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=\s]+$/;

/** Lowercased, without whitespace and control characters: how a browser may still read a scheme or a keyword. */
function squeezed(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, '').toLowerCase();
}

const URL_FUNCTION = /url\(\s*(['"]?)([^'")]*)\1\s*\)/g;

/** Whether every url(...) in a value points into this document (url(#id)); a url( that cannot be read is refused. */
function onlyLocalUrls(value: string): boolean {
  const lowered = value.toLowerCase();
  const opened = (lowered.match(/url\s*\(/g) ?? []).length;
  const matches = [...lowered.replace(/url\s+\(/g, 'url(').matchAll(URL_FUNCTION)];
  if (matches.length !== opened) return false;
  return matches.every((match) => LOCAL_FRAGMENT.test((match[2] ?? '').trim()));
}

const DANGEROUS_WORDS = ['javascript:', 'vbscript:', 'livescript:', 'data:', 'expression(', '-moz-binding', 'behavior:', 'behaviour:'];

/** An attribute value (or CSS) that names a script scheme, a data URI or an IE/Firefox code hook anywhere. */
function hasDangerousWord(value: string): boolean {
  const squeezedValue = squeezed(value);
  return DANGEROUS_WORDS.some((word) => squeezedValue.includes(word));
}

/** CSS without comments, when it can load nothing and run nothing; null when it is refused. */
export function safeCss(css: string): string | null {
  if (/\/\*(?![\s\S]*?\*\/)/.test(css)) return null; // an unterminated comment hides the rest
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (text.includes('\\') || text.includes('<')) return null; // escapes can spell anything; no markup in CSS
  const lowered = squeezed(text);
  if (['@import', '@font-face', '@namespace', 'image-set(', 'image(', 'cross-fade(', 'element(', 'src('].some((word) => lowered.includes(word))) return null;
  if (hasDangerousWord(text) || !onlyLocalUrls(text)) return null;
  return text;
}

/** The value to keep for an attribute of `element`, or null to leave it out. */
function safeAttributeValue(elementName: string, name: string, value: string): string | null {
  if (name === 'href') {
    const trimmed = value.trim();
    if (LOCAL_FRAGMENT.test(trimmed)) return trimmed;
    if (elementName === 'image' && EMBEDDED_RASTER.test(trimmed)) return trimmed.replace(/\s+/g, '');
    return null;
  }
  if (name === 'style') return safeCss(value);
  if (hasDangerousWord(value) || !onlyLocalUrls(value)) return null;
  return value;
}

function isElement(node: Node): node is Element {
  return node.nodeType === node.ELEMENT_NODE;
}

class SvgCopier {
  constructor(private readonly target: Document) {}

  /** A copy of an allowed SVG element with its allowed attributes and children; null when it is not allowed. */
  copyElement(source: Element): Element | null {
    const name = source.localName ?? '';
    if (source.namespaceURI !== SVG_NAMESPACE || !ALLOWED_ELEMENTS.has(name)) return null;
    const copy = this.target.createElementNS(SVG_NAMESPACE, name);
    if (!this.copyAttributes(source, copy)) return null;
    if (name === 'style') {
      const css = safeCss(source.textContent ?? '');
      if (css === null) return null;
      copy.appendChild(this.target.createTextNode(css));
      return copy;
    }
    this.copyChildren(source, copy);
    return copy;
  }

  /** False when the element cannot stand without a refused attribute (an <image> without a safe picture). */
  private copyAttributes(source: Element, copy: Element): boolean {
    const elementName = copy.localName ?? '';
    let href: string | null = null;
    for (let index = 0; index < source.attributes.length; index++) {
      const attribute = source.attributes.item(index);
      if (!attribute) continue;
      const local = attribute.localName ?? attribute.name;
      if (attribute.namespaceURI === XLINK_NAMESPACE && local === 'href') {
        href = safeAttributeValue(elementName, 'href', attribute.value) ?? href;
        continue;
      }
      if (attribute.namespaceURI === XML_NAMESPACE && local === 'space' && (attribute.value === 'preserve' || attribute.value === 'default')) {
        copy.setAttributeNS(XML_NAMESPACE, 'xml:space', attribute.value);
        continue;
      }
      if (attribute.namespaceURI !== null && attribute.namespaceURI !== '') continue;
      if (!ALLOWED_ATTRIBUTES.has(attribute.name)) continue;
      const value = safeAttributeValue(elementName, attribute.name, attribute.value);
      if (value === null) continue;
      if (attribute.name === 'href') href = value;
      else copy.setAttribute(attribute.name, value);
    }
    // Written once, as xlink:href, which every SVG renderer reads (plain href is SVG 2 only).
    if (href !== null) copy.setAttributeNS(XLINK_NAMESPACE, 'xlink:href', href);
    return !(elementName === 'image' && href === null);
  }

  private copyChildren(source: Element, copy: Element): void {
    const keepsText = TEXT_ELEMENTS.has(copy.localName ?? '');
    for (let child = source.firstChild; child !== null; child = child.nextSibling) {
      if (isElement(child)) {
        if (child.namespaceURI === SVG_NAMESPACE && UNWRAPPED_ELEMENTS.has(child.localName ?? '')) {
          this.copyChildren(child, copy);
          continue;
        }
        const childCopy = this.copyElement(child);
        if (childCopy) copy.appendChild(childCopy);
      } else if (keepsText && (child.nodeType === child.TEXT_NODE || child.nodeType === child.CDATA_SECTION_NODE)) {
        copy.appendChild(this.target.createTextNode(child.nodeValue ?? ''));
      }
    }
  }
}

/** Parses `text` as an SVG document; the reason when it is not one. */
function parseSvg(text: string): { document: Document } | { reason: string } {
  // Entity declarations are refused outright (no expansion tricks); a public DOCTYPE without a subset is dropped.
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>[]*\[/i.test(text)) return { reason: 'entity declarations are not allowed' };
  let document: Document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'image/svg+xml');
  } catch (error) {
    return { reason: `not well-formed XML (${(error as Error).message.split('\n')[0]})` };
  }
  const root = document.documentElement;
  if (!root || root.namespaceURI !== SVG_NAMESPACE || root.localName !== 'svg') return { reason: 'the root element is not <svg>' };
  return { document };
}

/** The sanitised SVG text, or why the text is not an SVG image. */
export function sanitiseSvg(text: string): SvgSanitiseResult {
  const parsed = parseSvg(text);
  if ('reason' in parsed) return { ok: false, reason: parsed.reason };
  const target = new DOMImplementation().createDocument(SVG_NAMESPACE, '', null);
  const root = new SvgCopier(target).copyElement(parsed.document.documentElement!);
  if (!root) return { ok: false, reason: 'the <svg> element has nothing that can be kept' };
  // Declared once on the root rather than on each element that uses xlink:href.
  root.setAttributeNS(XMLNS_NAMESPACE, 'xmlns:xlink', XLINK_NAMESPACE);
  target.appendChild(root);
  return { ok: true, svg: new XMLSerializer().serializeToString(target) };
}
