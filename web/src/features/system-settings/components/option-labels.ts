/** How the settings screens name enumeration values (§9) where the value alone reads badly. */
export const MONOGRAPH_INTEGRATION_LABELS = { separate: 'Separate', with_rx_label: 'With Rx label', patient_choice: 'Patient choice' } as const;

export const PRINTER_TYPE_LABELS = {
  regular_rx: 'Regular Rx',
  shipping: 'Shipping',
  robot_dispensing: 'Robot dispensing',
  facility_rx: 'Facility Rx',
  general: 'General',
  monograph: 'Monograph',
  report: 'Report',
} as const;
