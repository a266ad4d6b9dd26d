/**
 * The SVG logo sanitiser (edge-functions/api/pharmacy-logo/svg-sanitiser.ts): an allow-list copy of static SVG. Each
 * attack vector below is a known way to run script or load something from outside through an SVG; the copy must
 * keep the drawing and lose the attack. The output is parsed again to assert on its tree, not on its spelling.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { checkLogoFile } from '../../edge-functions/api/pharmacy-logo/logo-file.ts';
import { safeCss, sanitiseSvg, SVG_NAMESPACE } from '../../edge-functions/api/pharmacy-logo/svg-sanitiser.ts';
import { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MESSAGES } from '../../shared/src/settings/pharmacy-logo.ts';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">';
const svg = (inner: string) => `${SVG_OPEN}${inner}</svg>`;

function clean(text: string): string {
  const result = sanitiseSvg(text);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.svg;
}

function allElements(text: string): Element[] {
  const document = new DOMParser().parseFromString(text, 'image/svg+xml');
  const found: Element[] = [];
  const walk = (element: Element) => {
    found.push(element);
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === child.ELEMENT_NODE) walk(child as Element);
    }
  };
  walk(document.documentElement!);
  return found;
}

/** Every attribute of every element of the cleaned SVG (namespace declarations aside), as `element@name=value`. */
function attributes(text: string): string[] {
  return allElements(text).flatMap((element) =>
    Array.from({ length: element.attributes.length }, (_, index) => element.attributes.item(index)!)
      .filter((attribute) => attribute.name !== 'xmlns' && !attribute.name.startsWith('xmlns:'))
      .map((attribute) => `${element.localName}@${attribute.name}=${attribute.value}`),
  );
}

function elementNames(text: string): string[] {
  return allElements(text).map((element) => element.localName ?? '');
}

/** Nothing that runs or loads: no script-ish element, no on* attribute, no scheme or external reference anywhere. */
function expectInert(output: string): void {
  const names = elementNames(output);
  for (const bad of ['script', 'foreignObject', 'iframe', 'object', 'embed', 'animate', 'set', 'animateTransform', 'animateMotion', 'handler', 'feImage', 'a']) {
    expect(names, output).not.toContain(bad);
  }
  for (const attribute of attributes(output)) {
    expect(attribute, output).not.toMatch(/@on/i);
    expect(attribute.toLowerCase().replace(/\s/g, ''), output).not.toMatch(/javascript:|vbscript:|http:|https:|\/\/evil/);
  }
  expect(output).not.toMatch(/<!--|<\?|<!DOCTYPE|CDATA/);
}

describe('sanitiseSvg keeps the drawing', () => {
  it('keeps shapes, gradients, text, local references and styles', () => {
    const source = svg(
      '<defs><linearGradient id="g1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0a7"/><stop offset="1" stop-color="#034"/></linearGradient>' +
        '<clipPath id="c"><circle cx="50" cy="50" r="40"/></clipPath><symbol id="cross"><path d="M0 0L10 10"/></symbol></defs>' +
        '<style>.brand { fill: url(#g1); font-family: "Helvetica Neue", sans-serif }</style>' +
        '<g transform="translate(5 5)" clip-path="url(#c)"><rect class="brand" width="90" height="90" rx="8" style="stroke: #000; stroke-width: 2"/>' +
        '<use xlink:href="#cross" x="10" y="10"/><use href="#cross" x="20" y="20"/></g>' +
        '<text x="10" y="95" font-size="12" xml:space="preserve">Main St <tspan font-weight="bold">Pharmacy</tspan> &amp; Co</text>' +
        '<title>Logo</title>',
    );
    const output = clean(source);
    expect(elementNames(output)).toEqual(['svg', 'defs', 'linearGradient', 'stop', 'stop', 'clipPath', 'circle', 'symbol', 'path', 'style', 'g', 'rect', 'use', 'use', 'text', 'tspan', 'title']);
    expect(attributes(output)).toEqual(
      expect.arrayContaining([
        'svg@viewBox=0 0 100 100',
        'rect@style=stroke: #000; stroke-width: 2',
        'g@clip-path=url(#c)',
        'use@xlink:href=#cross',
        'text@xml:space=preserve',
      ]),
    );
    expect(attributes(output).filter((attribute) => attribute.startsWith('use@xlink:href'))).toHaveLength(2);
    expect(output).toContain('.brand { fill: url(#g1); font-family: "Helvetica Neue", sans-serif }');
    expect(output).toContain('Main St <tspan font-weight="bold">Pharmacy</tspan> &amp; Co');
    const root = new DOMParser().parseFromString(output, 'image/svg+xml').documentElement!;
    expect(root.namespaceURI).toBe(SVG_NAMESPACE);
    expectInert(output);
  });

  it('keeps an embedded PNG or JPEG picture', () => {
    const output = clean(svg('<image width="10" height="10" xlink:href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/jpeg;base64,/9j/4AAQ"/>'));
    expect(attributes(output)).toEqual(expect.arrayContaining(['image@xlink:href=data:image/png;base64,iVBORw0KGgo=', 'image@xlink:href=data:image/jpeg;base64,/9j/4AAQ']));
  });

  it('drops a public DOCTYPE, the XML declaration, comments and processing instructions', () => {
    const output = clean(
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
        '<?xml-stylesheet href="http://evil.example/x.css"?>' +
        svg('<!-- made by an editor --><rect width="1" height="1"/>'),
    );
    expect(elementNames(output)).toEqual(['svg', 'rect']);
    expectInert(output);
  });
});

describe('sanitiseSvg removes every way to run script or load from outside', () => {
  const vectors: Record<string, string> = {
    'script element': '<script>alert(1)</script>',
    'script with xlink:href': '<script xlink:href="https://evil.example/x.js"/>',
    'script in CDATA': '<script><![CDATA[alert(1)]]></script>',
    'script in an unexpected case is not SVG': '<SCRIPT>alert(1)</SCRIPT>',
    'onload on a shape': '<rect width="1" height="1" onload="alert(1)"/>',
    'onclick, onmouseover, onfocusin, onbegin': '<circle r="1" onclick="alert(1)" onmouseover="alert(2)" onfocusin="alert(3)" onbegin="alert(4)"/>',
    'mixed-case handler': '<rect onLoad="alert(1)" ONCLICK="alert(2)"/>',
    'handler in another namespace': '<rect xmlns:ev="http://www.w3.org/2001/xml-events" ev:onclick="alert(1)" ev:event="click"/>',
    'javascript: link': '<a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a>',
    'javascript: href on use': '<use href="javascript:alert(1)"/>',
    'entity-encoded javascript:': '<a href="&#106;avascript:alert(1)"><rect/></a>',
    'javascript: with a tab and newline': '<use href="java&#9;script&#10;:alert(1)"/>',
    'vbscript:': '<use href="vbscript:msgbox(1)"/>',
    'data: SVG in use': '<use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>',
    'data: text/html image': '<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="/>',
    'data: SVG image': '<image href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>',
    'external image': '<image href="https://evil.example/track.png" width="1" height="1"/>',
    'external image via xlink': '<image xlink:href="//evil.example/track.png"/>',
    'external use': '<use xlink:href="https://evil.example/sprite.svg#icon"/>',
    'relative external use': '<use href="sprite.svg#icon"/>',
    'foreignObject with HTML': '<foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>',
    'HTML iframe in the XHTML namespace': '<iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/>',
    'set rewriting an href': '<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><rect/></a>',
    'animate rewriting an href': '<a><animate attributeName="href" values="javascript:alert(1)"/><rect/></a>',
    'animateTransform and animateMotion': '<rect><animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="1s"/><animateMotion path="M0 0" dur="1s"/></rect>',
    'feImage loading from outside': '<filter id="f"><feImage href="https://evil.example/x.png"/></filter>',
    'fill pointing outside': '<rect fill="url(https://evil.example/p.svg#g)"/>',
    'filter pointing outside': '<rect filter="url(//evil.example/f.svg#f)"/>',
    'style attribute with an external url': '<rect style="fill: url(https://evil.example/x.svg#g)"/>',
    'style attribute with javascript:': '<rect style="background: url(javascript:alert(1))"/>',
    'style attribute with expression()': '<rect style="width: expression(alert(1))"/>',
    'style attribute with -moz-binding': '<rect style="-moz-binding: url(#x)"/>',
    'style attribute with a CSS escape': '<rect style="background: \\75 rl(https://evil.example/x)"/>',
    'style element with @import': '<style>@import url(https://evil.example/x.css);</style>',
    'style element with a quoted @import': '<style>@import "https://evil.example/x.css";</style>',
    'style element with @font-face': '<style>@font-face { font-family: x; src: url(https://evil.example/f.woff) }</style>',
    'style element with an external background': '<style>rect { fill: url("https://evil.example/x.svg#g") }</style>',
    'style element with image-set': '<style>rect { background: image-set("https://evil.example/x.png" 1x) }</style>',
    'style element breaking out': '<style>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style>',
    'style element with an unterminated comment': '<style>rect { fill: red } /* url(https://evil.example/x)</style>',
    'xml:base pointing outside': '<g xml:base="https://evil.example/"><use href="#x"/></g>',
    'element in another namespace': '<evil:thing xmlns:evil="https://evil.example/ns" evil:href="https://evil.example/"/>',
    'editor metadata': '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>',
    'handler element': '<handler type="application/ecmascript">alert(1)</handler>',
    'cursor element with an external image': '<cursor xlink:href="https://evil.example/c.png"/>',
  };

  for (const [name, inner] of Object.entries(vectors)) {
    it(name, () => {
      const output = clean(svg(`<rect id="keep" width="10" height="10"/>${inner}`));
      expectInert(output);
      expect(output).not.toMatch(/alert|evil|msgbox/);
      expect(elementNames(output)).toContain('rect');
    });
  }

  it('removes handlers and links from the root itself', () => {
    const output = clean('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" onerror="alert(2)" width="10"><rect/></svg>');
    expect(attributes(output)).not.toEqual(expect.arrayContaining([expect.stringMatching(/onload|onerror/)]));
    expect(attributes(output)).toContain('svg@width=10');
  });

  it('keeps the content of a link but not the link', () => {
    const output = clean(svg('<a href="https://evil.example/"><circle r="5"/></a>'));
    expect(elementNames(output)).toEqual(['svg', 'circle']);
  });

  it('drops an <image> whose picture is refused rather than keeping an empty one', () => {
    const output = clean(svg('<image href="https://evil.example/x.png"/>'));
    expect(elementNames(output)).toEqual(['svg']);
  });
});

describe('sanitiseSvg refuses what is not an SVG image', () => {
  const refused: Record<string, string> = {
    'plain text': 'hello',
    'HTML page': '<html><body><script>alert(1)</script></body></html>',
    'HTML root with an SVG inside': '<html xmlns="http://www.w3.org/1999/xhtml"><svg xmlns="http://www.w3.org/2000/svg"/></html>',
    'SVG root in the wrong namespace': '<svg xmlns="https://evil.example/ns"><rect/></svg>',
    'not well-formed': '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>',
    'internal entity declarations (billion laughs)':
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    'external entity (XXE)': '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    'an HTML entity XML does not know': '<svg xmlns="http://www.w3.org/2000/svg"><text>&nbsp;</text></svg>',
    'two roots': '<svg xmlns="http://www.w3.org/2000/svg"/><svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, text] of Object.entries(refused)) {
    it(name, () => {
      expect(sanitiseSvg(text).ok).toBe(false);
    });
  }
});

describe('safeCss', () => {
  it('keeps plain declarations and fragment urls, drops comments', () => {
    expect(safeCss('.a { fill: url(#g) } /* note */ .b { stroke: red }')).toBe('.a { fill: url(#g) }   .b { stroke: red }');
    expect(safeCss("rect { fill: url( '#g' ) }")).toBe("rect { fill: url( '#g' ) }");
  });

  it('refuses anything that loads or runs', () => {
    for (const css of ['a{b:url(x.png)}', 'a{b:URL(https://e.example)}', 'a{b:url (//e.example)}', '@IMPORT "x.css";', 'a{b:exp/**/ression(1)}', 'a{b:url(#a}']) {
      expect(safeCss(css), css).toBeNull();
    }
  });
});

describe('checkLogoFile (the api function judges bytes, not names)', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
  const gif = new TextEncoder().encode('GIF89a\u0001\u0000');
  const exe = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);
  const encode = (text: string) => new TextEncoder().encode(text);

  it('accepts a PNG, a JPEG and an SVG whose bytes are what they claim', () => {
    expect(checkLogoFile('image/png', png)).toEqual({ ok: true, file: { contentType: 'image/png', bytes: png } });
    expect(checkLogoFile('image/jpeg', jpeg)).toEqual({ ok: true, file: { contentType: 'image/jpeg', bytes: jpeg } });
    const result = checkLogoFile('image/svg+xml', encode(svg('<rect onload="alert(1)"/>')));
    expect(result.ok).toBe(true);
    if (result.ok) expect(new TextDecoder().decode(result.file.bytes)).not.toContain('onload');
  });

  it('refuses a file whose bytes are another type, whatever it claims', () => {
    for (const [type, bytes] of [['image/png', exe], ['image/png', gif], ['image/jpeg', png], ['image/png', jpeg], ['image/svg+xml', png]] as const) {
      expect(checkLogoFile(type, bytes), type).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.contentMismatch });
    }
    expect(checkLogoFile('image/svg+xml', encode('<html/>'))).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.invalidSvg });
    expect(checkLogoFile('image/svg+xml', Uint8Array.from([0x3c, 0x73, 0xff, 0xfe]))).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.invalidSvg });
  });

  it('refuses an empty file and one over 2 MB', () => {
    expect(checkLogoFile('image/png', new Uint8Array(0))).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.empty });
    const big = new Uint8Array(PHARMACY_LOGO_MAX_BYTES + 1);
    big.set(png);
    expect(checkLogoFile('image/png', big)).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.tooLarge });
    const exactly = new Uint8Array(PHARMACY_LOGO_MAX_BYTES);
    exactly.set(png);
    expect(checkLogoFile('image/png', exactly).ok).toBe(true);
  });
});
