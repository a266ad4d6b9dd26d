/**
 * System Settings → Printing (spec part 2 §3 "printing"): the pharmacy's printers, which printer prints which
 * label type, each label type's size and options, the print queue, and drug monograph printing. §5 bounds
 * (labels per page, queue retries and timeout, low paper, monograph characters), §9 options and defaults.
 * Regular Rx sizes add today's 4 × 2.5 in label (the default, what the label generator prints now). A chosen
 * printer must be one of `availablePrinters`; '' means the browser's print dialog. No secrets.
 */
import * as z from 'zod';
import { choice, numberChoice, optionalHost, text, toggle, wholeNumber } from './fields.ts';

export const PRINTER_TYPES = ['regular_rx', 'shipping', 'robot_dispensing', 'facility_rx', 'general', 'monograph', 'report'] as const;
export type PrinterType = (typeof PRINTER_TYPES)[number];
/** §9: "Monograph printers are those of type monograph, report or general". */
export const MONOGRAPH_PRINTER_TYPES: readonly PrinterType[] = ['monograph', 'report', 'general'];
export const PRINTER_STATUSES = ['online', 'offline', 'error'] as const;

/** Label sizes in inches, width x height (§9). */
export const REGULAR_RX_LABEL_SIZES = ['4x2.5', '4x6', '4x4', '3x5', '2x4'] as const;
export const SHIPPING_LABEL_SIZES = ['4x6', '4x8', '6x4'] as const;
export const ROBOT_LABEL_SIZES = ['2x1', '3x1', '2x0.5'] as const;
export const FACILITY_LABEL_SIZES = ['4x2', '4x3', '3x2'] as const;
export type RegularRxLabelSize = (typeof REGULAR_RX_LABEL_SIZES)[number];
export const SHIPPING_CARRIERS = ['usps', 'ups', 'fedex', 'dhl'] as const;

export const MONOGRAPH_FORMATS = ['short', 'long', 'both'] as const;
export type MonographFormat = (typeof MONOGRAPH_FORMATS)[number];
export const MONOGRAPH_FORMAT_LABELS: Readonly<Record<MonographFormat, string>> = {
  short: 'Short (1 page)',
  long: 'Long (2-3 pages)',
  both: 'Both',
};
export const MONOGRAPH_INTEGRATIONS = ['separate', 'with_rx_label', 'patient_choice'] as const;
export const MONOGRAPH_FONT_SIZES = [8, 10, 12, 14] as const;
export const MONOGRAPH_PAPER_SIZES = ['letter', 'legal', 'a4'] as const;
export type MonographPaperSize = (typeof MONOGRAPH_PAPER_SIZES)[number];
export const MONOGRAPH_PAPER_SIZE_LABELS: Readonly<Record<MonographPaperSize, string>> = {
  letter: '8.5x11 Letter',
  legal: '8.5x14 Legal',
  a4: 'A4',
};

export const REGULAR_RX_LABELS_PER_PAGE_MAX = 6;
export const ROBOT_LABELS_PER_PAGE_MAX = 12;
export const FACILITY_LABELS_PER_PAGE_MAX = 6;
export const PRINT_QUEUE_RETRY_ATTEMPTS_MIN = 1;
export const PRINT_QUEUE_RETRY_ATTEMPTS_MAX = 10;
export const PRINT_QUEUE_TIMEOUT_MIN = 10;
export const PRINT_QUEUE_TIMEOUT_MAX = 300;
export const LOW_PAPER_THRESHOLD_MIN = 1;
export const LOW_PAPER_THRESHOLD_MAX = 100;
export const MONOGRAPH_MAX_CHARACTERS_MIN = 100;
export const MONOGRAPH_MAX_CHARACTERS_MAX = 1000;
export const MAX_PRINTERS = 50;
export const PRINTER_TEXT_MAX_LENGTH = 100;

export const PRINTING_SECRET_FIELDS = [] as const;

export const UNKNOWN_PRINTER_MESSAGE = 'Choose one of the configured printers';
export const MONOGRAPH_PRINTER_TYPE_MESSAGE = 'Monograph printer must be a monograph, report or general printer';
export const DUPLICATE_PRINTER_ID_MESSAGE = 'Each printer needs its own ID';

export const printerSchema = z.object({
  id: text('Printer ID', PRINTER_TEXT_MAX_LENGTH).min(1, 'Printer ID is required'),
  name: text('Printer name', PRINTER_TEXT_MAX_LENGTH).min(1, 'Printer name is required'),
  type: choice('Printer type', PRINTER_TYPES),
  location: text('Printer location', PRINTER_TEXT_MAX_LENGTH),
  driver: text('Printer driver', PRINTER_TEXT_MAX_LENGTH),
  paperSize: text('Printer paper size', PRINTER_TEXT_MAX_LENGTH),
  status: choice('Printer status', PRINTER_STATUSES),
  /** '' for USB and local printers. */
  ipAddress: optionalHost('Printer IP address must be an IP address or host name'),
  port: wholeNumber('Printer port', 1, 65535),
});
export type Printer = z.output<typeof printerSchema>;

const printerChoice = (label: string) => text(label, PRINTER_TEXT_MAX_LENGTH);

const shape = {
  labelPrinterModel: text('Label printer model', PRINTER_TEXT_MAX_LENGTH),
  labelTemplate: text('Label template', PRINTER_TEXT_MAX_LENGTH),
  availablePrinters: z.array(printerSchema).max(MAX_PRINTERS, `At most ${MAX_PRINTERS} printers`),
  regularRxLabelPrinter: printerChoice('Regular Rx label printer'),
  shippingLabelPrinter: printerChoice('Shipping label printer'),
  robotDispensingPrinter: printerChoice('Robot dispensing printer'),
  facilityRxLabelPrinter: printerChoice('Facility Rx label printer'),
  regularRxLabelSize: choice('Regular Rx label size', REGULAR_RX_LABEL_SIZES),
  regularRxLabelsPerPage: wholeNumber('Regular Rx labels per page', 1, REGULAR_RX_LABELS_PER_PAGE_MAX),
  regularRxPrintBarcode: toggle('Regular Rx barcode'),
  regularRxPrintLogo: toggle('Regular Rx logo'),
  shippingLabelSize: choice('Shipping label size', SHIPPING_LABEL_SIZES),
  shippingCarrier: choice('Shipping carrier', SHIPPING_CARRIERS),
  shippingPrintTrackingCode: toggle('Shipping tracking code'),
  shippingPrintReturnLabel: toggle('Shipping return label'),
  robotLabelSize: choice('Robot label size', ROBOT_LABEL_SIZES),
  robotLabelsPerPage: wholeNumber('Robot labels per page', 1, ROBOT_LABELS_PER_PAGE_MAX),
  robotPrintBatchInfo: toggle('Robot batch info'),
  robotPrintExpirationDate: toggle('Robot expiration date'),
  facilityLabelSize: choice('Facility label size', FACILITY_LABEL_SIZES),
  facilityLabelsPerPage: wholeNumber('Facility labels per page', 1, FACILITY_LABELS_PER_PAGE_MAX),
  facilityPrintPatientRoom: toggle('Facility patient room'),
  facilityPrintAdminTime: toggle('Facility administration time'),
  enablePrintQueue: toggle('Print queue'),
  printQueueRetryAttempts: wholeNumber('Print queue retry attempts', PRINT_QUEUE_RETRY_ATTEMPTS_MIN, PRINT_QUEUE_RETRY_ATTEMPTS_MAX),
  printQueueTimeoutSeconds: wholeNumber('Print queue timeout', PRINT_QUEUE_TIMEOUT_MIN, PRINT_QUEUE_TIMEOUT_MAX, 'seconds'),
  enableAutomaticFailover: toggle('Automatic printer failover'),
  lowPaperThreshold: wholeNumber('Low paper threshold', LOW_PAPER_THRESHOLD_MIN, LOW_PAPER_THRESHOLD_MAX, 'percent'),
  enableStatusAlerts: toggle('Printer status alerts'),
  enableMonographPrinting: toggle('Monograph printing'),
  monographFormat: choice('Monograph format', MONOGRAPH_FORMATS),
  monographIntegration: choice('Monograph integration', MONOGRAPH_INTEGRATIONS),
  monographPrinter: printerChoice('Monograph printer'),
  allowPatientMonographChoice: toggle('Patient monograph choice'),
  monographFontSize: numberChoice('Monograph font size', MONOGRAPH_FONT_SIZES),
  monographPaperSize: choice('Monograph paper size', MONOGRAPH_PAPER_SIZES),
  printMonographHeader: toggle('Monograph header'),
  printPharmacyInfo: toggle('Pharmacy information on monographs'),
  /** Drug ids (the labels group's monograph entries) offered for printing. */
  availableMonographs: z.array(text('Monograph', PRINTER_TEXT_MAX_LENGTH).min(1, 'Monograph is required')).max(1000, 'At most 1000 monographs'),
  shortMonographContent: z.object({
    includeIndication: toggle('Short monograph indication'),
    includeDosage: toggle('Short monograph dosage'),
    includeSideEffects: toggle('Short monograph side effects'),
    includeWarnings: toggle('Short monograph warnings'),
    includeStorage: toggle('Short monograph storage'),
    maxCharacters: wholeNumber('Maximum characters', MONOGRAPH_MAX_CHARACTERS_MIN, MONOGRAPH_MAX_CHARACTERS_MAX),
  }),
  longMonographContent: z.object({
    includeFullDescription: toggle('Long monograph full description'),
    includePharmacokinetics: toggle('Long monograph pharmacokinetics'),
    includeContraindications: toggle('Long monograph contraindications'),
    includeInteractions: toggle('Long monograph interactions'),
    includeAdverseReactions: toggle('Long monograph adverse reactions'),
    includePediatricInfo: toggle('Long monograph pediatric information'),
    includeGeriatricInfo: toggle('Long monograph geriatric information'),
    includePregnancyInfo: toggle('Long monograph pregnancy information'),
    includeOverdoseInfo: toggle('Long monograph overdose information'),
  }),
};

const PRINTER_CHOICE_FIELDS = ['regularRxLabelPrinter', 'shippingLabelPrinter', 'robotDispensingPrinter', 'facilityRxLabelPrinter', 'monographPrinter'] as const;

/** PUT /api/system-settings/printing; also what GET returns (no secrets). */
export const printingSettingsSchema = z.object(shape).superRefine((settings, context) => {
  const printers = new Map(settings.availablePrinters.map((printer) => [printer.id, printer]));
  if (printers.size !== settings.availablePrinters.length) {
    context.addIssue({ code: 'custom', path: ['availablePrinters'], message: DUPLICATE_PRINTER_ID_MESSAGE });
  }
  for (const field of PRINTER_CHOICE_FIELDS) {
    const id = settings[field];
    if (id !== '' && !printers.has(id)) context.addIssue({ code: 'custom', path: [field], message: UNKNOWN_PRINTER_MESSAGE });
  }
  const monographPrinter = printers.get(settings.monographPrinter);
  if (monographPrinter && !MONOGRAPH_PRINTER_TYPES.includes(monographPrinter.type)) {
    context.addIssue({ code: 'custom', path: ['monographPrinter'], message: MONOGRAPH_PRINTER_TYPE_MESSAGE });
  }
});
export type PrintingSettingsInput = z.input<typeof printingSettingsSchema>;
export type PrintingSettings = z.output<typeof printingSettingsSchema>;

/**
 * GET: every field's own rule, but not the rules across fields (printer ids unique, a chosen printer configured, the
 * monograph printer's type): they decide what may be saved, and a stored combination that breaks one (written
 * directly, or saved before the rule) still reads, for the form to show. No reader but the form acts on the
 * printer list and choices.
 */
export const printingSettingsReadSchema = z.object(shape);
export type PrintingSettingsRead = z.output<typeof printingSettingsReadSchema>;

/**
 * §9 defaults (labels per page 1/4/2, retries 3, timeout 30 s, low paper 50, 500 characters); the rest chosen:
 * today's 4 × 2.5 in Rx label with its barcode and no logo, no printers configured (the browser's dialog),
 * monographs off until the pharmacy sets them up, short format at 10 pt on Letter, every content item included.
 */
export const PRINTING_SETTINGS_DEFAULTS: PrintingSettingsRead = {
  labelPrinterModel: '',
  labelTemplate: 'standard',
  availablePrinters: [],
  regularRxLabelPrinter: '',
  shippingLabelPrinter: '',
  robotDispensingPrinter: '',
  facilityRxLabelPrinter: '',
  regularRxLabelSize: '4x2.5',
  regularRxLabelsPerPage: 1,
  regularRxPrintBarcode: true,
  regularRxPrintLogo: false,
  shippingLabelSize: '4x6',
  shippingCarrier: 'usps',
  shippingPrintTrackingCode: true,
  shippingPrintReturnLabel: false,
  robotLabelSize: '2x1',
  robotLabelsPerPage: 4,
  robotPrintBatchInfo: true,
  robotPrintExpirationDate: true,
  facilityLabelSize: '4x2',
  facilityLabelsPerPage: 2,
  facilityPrintPatientRoom: true,
  facilityPrintAdminTime: true,
  enablePrintQueue: true,
  printQueueRetryAttempts: 3,
  printQueueTimeoutSeconds: 30,
  enableAutomaticFailover: false,
  lowPaperThreshold: 50,
  enableStatusAlerts: true,
  enableMonographPrinting: false,
  monographFormat: 'short',
  monographIntegration: 'separate',
  monographPrinter: '',
  allowPatientMonographChoice: false,
  monographFontSize: 10,
  monographPaperSize: 'letter',
  printMonographHeader: true,
  printPharmacyInfo: true,
  availableMonographs: [],
  shortMonographContent: {
    includeIndication: true,
    includeDosage: true,
    includeSideEffects: true,
    includeWarnings: true,
    includeStorage: true,
    maxCharacters: 500,
  },
  longMonographContent: {
    includeFullDescription: true,
    includePharmacokinetics: true,
    includeContraindications: true,
    includeInteractions: true,
    includeAdverseReactions: true,
    includePediatricInfo: true,
    includeGeriatricInfo: true,
    includePregnancyInfo: true,
    includeOverdoseInfo: true,
  },
};
