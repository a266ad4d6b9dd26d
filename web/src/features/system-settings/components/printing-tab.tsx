/**
 * Printing tab (spec part 2 §2, §3 "printing", §5 bounds, §9 sizes and options): the printers, per-label-type
 * groups (regular prescription, shipping, robot dispensing, facility prescription), the print queue and error
 * handling, and drug monograph printing (enable, format, integration, printer, patient choice, the monographs
 * offered — the Labels tab's entries — content for the short and long formats, print formatting). Test Print All
 * Labels is another feature's, placed by the route.
 */
import {
  FACILITY_LABEL_SIZES, FACILITY_LABELS_PER_PAGE_MAX, LOW_PAPER_THRESHOLD_MAX, LOW_PAPER_THRESHOLD_MIN, MONOGRAPH_FONT_SIZES, MONOGRAPH_FORMAT_LABELS,
  MONOGRAPH_FORMATS, MONOGRAPH_INTEGRATIONS, MONOGRAPH_MAX_CHARACTERS_MAX, MONOGRAPH_MAX_CHARACTERS_MIN, MONOGRAPH_PAPER_SIZE_LABELS, MONOGRAPH_PAPER_SIZES,
  MONOGRAPH_PRINTER_TYPES, PRINT_QUEUE_RETRY_ATTEMPTS_MAX, PRINT_QUEUE_RETRY_ATTEMPTS_MIN, PRINT_QUEUE_TIMEOUT_MAX, PRINT_QUEUE_TIMEOUT_MIN,
  PRINTER_TEXT_MAX_LENGTH, REGULAR_RX_LABEL_SIZES, REGULAR_RX_LABELS_PER_PAGE_MAX, ROBOT_LABEL_SIZES, ROBOT_LABELS_PER_PAGE_MAX, SHIPPING_CARRIERS,
  SHIPPING_LABEL_SIZES, type Printer, type PrinterType,
} from '@pharmacy/shared/settings/printing.ts';
import { useWatch } from 'react-hook-form';
import type { SelectOption } from '../../../components/form/select-field.tsx';
import { useSettingsGroup } from '../../../hooks/use-settings-group.ts';
import { MONOGRAPH_INTEGRATION_LABELS } from './option-labels.ts';
import { PrintersField } from './printers-field.tsx';
import { ChoiceSetting, choiceOptions, MultiChoiceSetting, NumberSetting, SettingsSection, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

/** "4x2.5" → "4 × 2.5 in". */
const sizeOptions = (sizes: readonly string[]) => sizes.map((size) => ({ value: size, label: `${size.replace('x', ' × ')} in` }));

/** The configured printers as choices ('' prints through the browser's dialog), optionally of some types only. */
function usePrinterOptions(types?: readonly PrinterType[]): SelectOption[] {
  const printers = (useWatch({ name: 'availablePrinters' }) as Printer[] | undefined) ?? [];
  return [
    { value: '', label: "Browser's print dialog" },
    ...printers.filter((printer) => printer.id !== '' && (!types || types.includes(printer.type))).map((printer) => ({ value: printer.id, label: printer.name || printer.id })),
  ];
}

function PrinterChoice({ name, label, types }: { name: string; label: string; types?: readonly PrinterType[] }) {
  return <ChoiceSetting name={name} label={label} options={usePrinterOptions(types)} />;
}

export function PrintingTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  // The monographs a pharmacy may offer are the Labels tab's entries.
  const labels = useSettingsGroup(pharmacyId, 'labels');
  const monographOptions = (labels.data?.monographs ?? []).map((entry) => ({ value: entry.drugId, label: entry.genericName ? `${entry.drugName} (${entry.genericName})` : entry.drugName }));
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="printing" saveLabel="Save Printer Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <PrintersField />
        <SettingsSection title="Label printer">
          <TextSetting name="labelPrinterModel" label="Label Printer Model" maxLength={PRINTER_TEXT_MAX_LENGTH} />
          <TextSetting name="labelTemplate" label="Label Template" maxLength={PRINTER_TEXT_MAX_LENGTH} />
        </SettingsSection>
        <SettingsSection title="Regular prescription labels">
          <PrinterChoice name="regularRxLabelPrinter" label="Regular Rx Label Printer" />
          <ChoiceSetting name="regularRxLabelSize" label="Regular Rx Label Size" options={sizeOptions(REGULAR_RX_LABEL_SIZES)} />
          <NumberSetting name="regularRxLabelsPerPage" label="Regular Rx Labels per Page" min={1} max={REGULAR_RX_LABELS_PER_PAGE_MAX} />
          <ToggleSetting name="regularRxPrintBarcode" label="Print barcode on Rx labels" />
          <ToggleSetting name="regularRxPrintLogo" label="Print pharmacy logo on Rx labels" />
        </SettingsSection>
        <SettingsSection title="Shipping labels">
          <PrinterChoice name="shippingLabelPrinter" label="Shipping Label Printer" />
          <ChoiceSetting name="shippingLabelSize" label="Shipping Label Size" options={sizeOptions(SHIPPING_LABEL_SIZES)} />
          <ChoiceSetting name="shippingCarrier" label="Shipping Carrier" options={choiceOptions(SHIPPING_CARRIERS, { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL' })} />
          <ToggleSetting name="shippingPrintTrackingCode" label="Print tracking code" />
          <ToggleSetting name="shippingPrintReturnLabel" label="Print return label" />
        </SettingsSection>
        <SettingsSection title="Robot dispensing labels">
          <PrinterChoice name="robotDispensingPrinter" label="Robot Dispensing Printer" />
          <ChoiceSetting name="robotLabelSize" label="Robot Label Size" options={sizeOptions(ROBOT_LABEL_SIZES)} />
          <NumberSetting name="robotLabelsPerPage" label="Robot Labels per Page" min={1} max={ROBOT_LABELS_PER_PAGE_MAX} />
          <ToggleSetting name="robotPrintBatchInfo" label="Print batch information" />
          <ToggleSetting name="robotPrintExpirationDate" label="Print expiration date" />
        </SettingsSection>
        <SettingsSection title="Facility prescription labels">
          <PrinterChoice name="facilityRxLabelPrinter" label="Facility Rx Label Printer" />
          <ChoiceSetting name="facilityLabelSize" label="Facility Label Size" options={sizeOptions(FACILITY_LABEL_SIZES)} />
          <NumberSetting name="facilityLabelsPerPage" label="Facility Labels per Page" min={1} max={FACILITY_LABELS_PER_PAGE_MAX} />
          <ToggleSetting name="facilityPrintPatientRoom" label="Print patient room" />
          <ToggleSetting name="facilityPrintAdminTime" label="Print administration time" />
        </SettingsSection>
        <SettingsSection title="Print queue and error handling">
          <ToggleSetting name="enablePrintQueue" label="Print queue" />
          <NumberSetting name="printQueueRetryAttempts" label="Print Queue Retry Attempts" min={PRINT_QUEUE_RETRY_ATTEMPTS_MIN} max={PRINT_QUEUE_RETRY_ATTEMPTS_MAX} />
          <NumberSetting name="printQueueTimeoutSeconds" label="Queue Timeout (seconds)" min={PRINT_QUEUE_TIMEOUT_MIN} max={PRINT_QUEUE_TIMEOUT_MAX} />
          <ToggleSetting name="enableAutomaticFailover" label="Automatic failover to another printer" />
          <NumberSetting name="lowPaperThreshold" label="Low Paper Threshold (%)" min={LOW_PAPER_THRESHOLD_MIN} max={LOW_PAPER_THRESHOLD_MAX} />
          <ToggleSetting name="enableStatusAlerts" label="Printer status alerts" />
        </SettingsSection>
        <SettingsSection title="Drug monograph printing">
          <ToggleSetting name="enableMonographPrinting" label="Enable monograph printing" />
          <ChoiceSetting name="monographFormat" label="Default Monograph Format" options={choiceOptions(MONOGRAPH_FORMATS, MONOGRAPH_FORMAT_LABELS)} />
          <ChoiceSetting name="monographIntegration" label="Monograph Integration" options={choiceOptions(MONOGRAPH_INTEGRATIONS, MONOGRAPH_INTEGRATION_LABELS)} />
          <PrinterChoice name="monographPrinter" label="Monograph Printer" types={MONOGRAPH_PRINTER_TYPES} />
          <ToggleSetting name="allowPatientMonographChoice" label="Let the patient choose the monograph format" />
          <ChoiceSetting name="monographFontSize" label="Font Size" options={MONOGRAPH_FONT_SIZES.map((size) => ({ value: String(size), label: `${size} pt` }))} numeric />
          <ChoiceSetting name="monographPaperSize" label="Paper Size" options={choiceOptions(MONOGRAPH_PAPER_SIZES, MONOGRAPH_PAPER_SIZE_LABELS)} />
          <ToggleSetting name="printMonographHeader" label="Print monograph header" />
          <ToggleSetting name="printPharmacyInfo" label="Print pharmacy information" />
          <MultiChoiceSetting
            name="availableMonographs"
            label="Available Monographs"
            options={monographOptions}
            emptyText={labels.isPending ? 'Loading the monographs…' : 'No monographs yet: add them on the Labels tab.'}
          />
        </SettingsSection>
        <SettingsSection title="Short monograph content">
          <ToggleSetting name="shortMonographContent.includeIndication" label="Indication" />
          <ToggleSetting name="shortMonographContent.includeDosage" label="Dosage" />
          <ToggleSetting name="shortMonographContent.includeSideEffects" label="Side effects" />
          <ToggleSetting name="shortMonographContent.includeWarnings" label="Warnings" />
          <ToggleSetting name="shortMonographContent.includeStorage" label="Storage" />
          <NumberSetting name="shortMonographContent.maxCharacters" label="Maximum Characters" min={MONOGRAPH_MAX_CHARACTERS_MIN} max={MONOGRAPH_MAX_CHARACTERS_MAX} />
        </SettingsSection>
        <SettingsSection title="Long monograph content">
          <ToggleSetting name="longMonographContent.includeFullDescription" label="Full description" />
          <ToggleSetting name="longMonographContent.includePharmacokinetics" label="Pharmacokinetics" />
          <ToggleSetting name="longMonographContent.includeContraindications" label="Contraindications" />
          <ToggleSetting name="longMonographContent.includeInteractions" label="Interactions" />
          <ToggleSetting name="longMonographContent.includeAdverseReactions" label="Adverse reactions" />
          <ToggleSetting name="longMonographContent.includePediatricInfo" label="Pediatric information" />
          <ToggleSetting name="longMonographContent.includeGeriatricInfo" label="Geriatric information" />
          <ToggleSetting name="longMonographContent.includePregnancyInfo" label="Pregnancy information" />
          <ToggleSetting name="longMonographContent.includeOverdoseInfo" label="Overdose information" />
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}
