/**
 * The patient-information sheet as printed markup (see monograph.ts for what it says): each format on pages of
 * the monograph paper (`@page monograph`, Letter 8.5 × 11 in, Legal 8.5 × 14 in or A4) at the chosen font size,
 * with the header (drug, Rx number, format) and the pharmacy's name, address and phone when the Printing
 * settings print them. A named page, so a sheet that follows a label in one document keeps its own paper. Pure:
 * every value is HTML-escaped here.
 */
import type { MonographPaperSize } from '../settings/printing.ts';
import { MONOGRAPH_FORMAT_LABELS } from '../settings/printing.ts';
import { escapeHtml } from './html-escape.ts';
import { pharmacyAddress, printableHtml, type DocumentSection, type LabelPharmacy } from './label-html.ts';
import type { MonographPage, MonographPrintingSettings } from './monograph.ts';

/** CSS page sizes of the monograph paper sizes (§9). */
export const MONOGRAPH_PAGE_SIZES: Readonly<Record<MonographPaperSize, string>> = {
  letter: '8.5in 11in',
  legal: '8.5in 14in',
  a4: '210mm 297mm',
};

export interface MonographSheet {
  pharmacy: LabelPharmacy;
  drugTitle: string;
  rxNumber: number | string | null;
  pages: readonly MonographPage[];
  settings: Pick<MonographPrintingSettings, 'monographFontSize' | 'monographPaperSize' | 'printMonographHeader' | 'printPharmacyInfo'>;
  /** Marks a test print. */
  testMark?: string;
}

export function monographSection(sheet: MonographSheet): DocumentSection {
  const css = `
@page monograph { size: ${MONOGRAPH_PAGE_SIZES[sheet.settings.monographPaperSize]}; margin: 0.6in; }
.monograph { page: monograph; break-before: page; font-family: Georgia, 'Times New Roman', serif; font-size: ${sheet.settings.monographFontSize}pt; line-height: 1.35; }
.monograph h1 { font-size: 1.5em; margin: 0 0 0.2em; }
.monograph h2 { font-size: 1.15em; margin: 0.8em 0 0.2em; }
.monograph p { margin: 0 0 0.4em; }
.monograph .monograph-header { border-bottom: 2px solid #000; margin-bottom: 0.6em; }
.monograph .monograph-pharmacy { border-top: 1px solid #000; margin-top: 1em; padding-top: 0.3em; font-size: 0.9em; }
@media screen { .monograph { background: #fff; padding: 0.5in; margin: 0.25in 0; max-width: 8.5in; border: 1px dashed #999; } }
`;
  const html = sheet.pages
    .map((page) => {
      const header = sheet.settings.printMonographHeader
        ? `<header class="monograph-header" data-field="monograph-header">
  <h1>Patient Information: ${escapeHtml(sheet.drugTitle)}</h1>
  <p>${sheet.rxNumber !== null ? `Rx# ${escapeHtml(sheet.rxNumber)} · ` : ''}${escapeHtml(MONOGRAPH_FORMAT_LABELS[page.kind])}</p>
</header>`
        : '';
      const pharmacy = sheet.settings.printPharmacyInfo
        ? `<footer class="monograph-pharmacy" data-field="monograph-pharmacy">${escapeHtml(sheet.pharmacy.name)} · ${escapeHtml(pharmacyAddress(sheet.pharmacy))}${sheet.pharmacy.phone ? ` · ${escapeHtml(sheet.pharmacy.phone)}` : ''}</footer>`
        : '';
      const test = sheet.testMark ? `<p class="test-mark" data-field="test-mark">${escapeHtml(sheet.testMark)}</p>` : '';
      const sections = page.sections
        .map((section) => `<section data-section="${section.key}">
  <h2>${escapeHtml(section.title)}</h2>
  ${section.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n  ')}
</section>`)
        .join('\n');
      return `<article class="monograph" data-monograph-format="${page.kind}" data-monograph-source="${page.source}" data-font-size="${sheet.settings.monographFontSize}" data-paper-size="${sheet.settings.monographPaperSize}">
${test}
${header}
${sections}
${pharmacy}
</article>`;
    })
    .join('\n');
  return { css, html };
}

/** The sheet alone, as its own printable page (integration 'separate'). */
export function monographHtml(sheet: MonographSheet): string {
  return printableHtml(`Patient information: ${sheet.drugTitle}`, [monographSection(sheet)]);
}
