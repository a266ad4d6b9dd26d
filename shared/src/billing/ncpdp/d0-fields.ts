/**
 * The part of the NCPDP D.0 data dictionary this codec reads and writes: each field's 2-character id (unique across
 * the standard, so one table serves every segment), its reference number-id, its name and its format. Lengths are
 * the dictionary's: x(n) characters, 9(n) digits, s9(m)v99 and 9(m)v999 counted with their implied decimals
 * (s9(6)v99 is 8, 9(7)v999 is 10). Fields not listed here are still kept, as raw id/value pairs.
 */
import type { D0FieldDef, D0FieldKind } from './d0-values.ts';

function field(ref: string, name: string, kind: D0FieldKind, length: number): D0FieldDef {
  return { id: ref.slice(ref.indexOf('-') + 1), ref, name, kind, length };
}

/** The transmission headers' fixed fields (no field id on the wire: position only). */
export const HEADER_FIELDS = {
  bin: field('101-A1', 'BIN number', 'digits', 6),
  version: field('102-A2', 'Version/release number', 'text', 2),
  transactionCode: field('103-A3', 'Transaction code', 'text', 2),
  processorControlNumber: field('104-A4', 'Processor control number', 'text', 10),
  transactionCount: field('109-A9', 'Transaction count', 'integer', 1),
  serviceProviderIdQualifier: field('202-B2', 'Service provider ID qualifier', 'text', 2),
  serviceProviderId: field('201-B1', 'Service provider ID', 'text', 15),
  dateOfService: field('401-D1', 'Date of service', 'date', 8),
  softwareVendorCertificationId: field('110-AK', 'Software vendor/certification ID', 'text', 10),
  headerResponseStatus: field('501-F1', 'Header response status', 'text', 1),
} as const;

/** 111-AM, the first field of every segment: "AM" then the 2-character segment id. */
export const SEGMENT_IDENTIFICATION = field('111-AM', 'Segment identification', 'text', 2);

export const FIELDS = {
  // Patient (AM01), and the response patient (AM29)
  CX: field('331-CX', 'Patient ID qualifier', 'text', 2),
  CY: field('332-CY', 'Patient ID', 'text', 20),
  C4: field('304-C4', 'Date of birth', 'date', 8),
  C5: field('305-C5', 'Patient gender code', 'integer', 1),
  CA: field('310-CA', 'Patient first name', 'text', 12),
  CB: field('311-CB', 'Patient last name', 'text', 15),
  CM: field('322-CM', 'Patient street address', 'text', 30),
  CN: field('323-CN', 'Patient city address', 'text', 20),
  CO: field('324-CO', 'Patient state/province address', 'text', 2),
  CP: field('325-CP', 'Patient ZIP/postal zone', 'text', 15),
  CQ: field('326-CQ', 'Patient phone number', 'digits', 10),
  // Insurance (AM04), and the response insurance (AM25)
  C2: field('302-C2', 'Cardholder ID', 'text', 20),
  CC: field('312-CC', 'Cardholder first name', 'text', 12),
  CD: field('313-CD', 'Cardholder last name', 'text', 15),
  C1: field('301-C1', 'Group ID', 'text', 15),
  C3: field('303-C3', 'Person code', 'text', 3),
  C6: field('306-C6', 'Patient relationship code', 'integer', 1),
  FO: field('524-FO', 'Plan ID', 'text', 8),
  '2F': field('545-2F', 'Network reimbursement ID', 'text', 10),
  J7: field('568-J7', 'Payer ID qualifier', 'text', 2),
  J8: field('569-J8', 'Payer ID', 'text', 10),
  // Pharmacy provider (AM02)
  EY: field('465-EY', 'Provider ID qualifier', 'text', 2),
  E9: field('444-E9', 'Provider ID', 'text', 15),
  // Prescriber (AM03)
  EZ: field('466-EZ', 'Prescriber ID qualifier', 'text', 2),
  DB: field('411-DB', 'Prescriber ID', 'text', 15),
  DR: field('427-DR', 'Prescriber last name', 'text', 15),
  // Claim (AM07), and the response claim (AM22)
  EM: field('455-EM', 'Prescription/service reference number qualifier', 'text', 1),
  D2: field('402-D2', 'Prescription/service reference number', 'digits', 12),
  E1: field('436-E1', 'Product/service ID qualifier', 'text', 2),
  D7: field('407-D7', 'Product/service ID', 'text', 19),
  E7: field('442-E7', 'Quantity dispensed', 'thousandths', 10),
  D3: field('403-D3', 'Fill number', 'integer', 2),
  D5: field('405-D5', 'Days supply', 'integer', 3),
  D6: field('406-D6', 'Compound code', 'integer', 1),
  D8: field('408-D8', 'Dispense as written (DAW)/product selection code', 'text', 1),
  DE: field('414-DE', 'Date prescription written', 'date', 8),
  DF: field('415-DF', 'Number of refills authorized', 'integer', 2),
  DJ: field('419-DJ', 'Prescription origin code', 'integer', 1),
  NX: field('354-NX', 'Submission clarification code count', 'integer', 1),
  DK: field('420-DK', 'Submission clarification code', 'integer', 2),
  C8: field('308-C8', 'Other coverage code', 'integer', 2),
  EU: field('461-EU', 'Prior authorization type code', 'integer', 2),
  EV: field('462-EV', 'Prior authorization number submitted', 'digits', 11),
  '28': field('600-28', 'Unit of measure', 'text', 2),
  // DUR/PPS (AM08)
  '7E': field('473-7E', 'DUR/PPS code counter', 'integer', 1),
  E4: field('439-E4', 'Reason for service code', 'text', 2),
  E5: field('440-E5', 'Professional service code', 'text', 2),
  E6: field('441-E6', 'Result of service code', 'text', 2),
  '8E': field('474-8E', 'DUR/PPS level of effort', 'integer', 2),
  // Coordination of benefits/other payments (AM05), and the response COB/other payers (AM28)
  '4C': field('337-4C', 'Coordination of benefits/other payments count', 'integer', 1),
  '5C': field('338-5C', 'Other payer coverage type', 'text', 2),
  '6C': field('339-6C', 'Other payer ID qualifier', 'text', 2),
  '7C': field('340-7C', 'Other payer ID', 'text', 10),
  E8: field('443-E8', 'Other payer date', 'date', 8),
  HB: field('341-HB', 'Other payer amount paid count', 'integer', 1),
  HC: field('342-HC', 'Other payer amount paid qualifier', 'text', 2),
  DV: field('431-DV', 'Other payer amount paid', 'cents', 8),
  '5E': field('471-5E', 'Other payer reject count', 'integer', 2),
  '6E': field('472-6E', 'Other payer reject code', 'text', 3),
  NR: field('353-NR', 'Other payer-patient responsibility amount count', 'integer', 2),
  NP: field('351-NP', 'Other payer-patient responsibility amount qualifier', 'text', 2),
  NQ: field('352-NQ', 'Other payer-patient responsibility amount', 'cents', 10),
  NT: field('355-NT', 'Other payer ID count', 'integer', 1),
  MH: field('991-MH', 'Other payer processor control number', 'text', 10),
  NU: field('356-NU', 'Other payer cardholder ID', 'text', 20),
  MJ: field('992-MJ', 'Other payer group ID', 'text', 15),
  // Pricing (AM11)
  D9: field('409-D9', 'Ingredient cost submitted', 'cents', 8),
  DC: field('412-DC', 'Dispensing fee submitted', 'cents', 8),
  DX: field('433-DX', 'Patient paid amount submitted', 'cents', 8),
  DQ: field('426-DQ', 'Usual and customary charge', 'cents', 8),
  DU: field('430-DU', 'Gross amount due', 'cents', 8),
  DN: field('423-DN', 'Basis of cost determination', 'text', 2),
  // Response message (AM20) and response status (AM21)
  F4: field('504-F4', 'Message', 'text', 200),
  AN: field('112-AN', 'Transaction response status', 'text', 1),
  F3: field('503-F3', 'Authorization number', 'text', 20),
  FA: field('510-FA', 'Reject count', 'integer', 2),
  FB: field('511-FB', 'Reject code', 'text', 3),
  '4F': field('546-4F', 'Reject field occurrence indicator', 'integer', 2),
  UF: field('130-UF', 'Additional message information count', 'integer', 2),
  UH: field('132-UH', 'Additional message information qualifier', 'text', 2),
  FQ: field('526-FQ', 'Additional message information', 'text', 40),
  UG: field('131-UG', 'Additional message information continuity', 'text', 1),
  '7F': field('549-7F', 'Help desk phone number qualifier', 'text', 2),
  '8F': field('550-8F', 'Help desk phone number', 'text', 18),
  // Response pricing (AM23)
  F5: field('505-F5', 'Patient pay amount', 'cents', 10),
  F6: field('506-F6', 'Ingredient cost paid', 'cents', 10),
  F7: field('507-F7', 'Dispensing fee paid', 'cents', 8),
  // 566-J5, s9(6)v99: the other payers' payments the processor took into account (509-F9 is net of it).
  J5: field('566-J5', 'Other payer amount recognized', 'cents', 8),
  F9: field('509-F9', 'Total amount paid', 'cents', 10),
  FM: field('522-FM', 'Basis of reimbursement determination', 'integer', 2),
  FI: field('518-FI', 'Amount of copay', 'cents', 10),
  FC: field('512-FC', 'Accumulated deductible amount', 'cents', 8),
  FD: field('513-FD', 'Remaining deductible amount', 'cents', 8),
  FE: field('514-FE', 'Remaining benefit amount', 'cents', 8),
  FH: field('517-FH', 'Amount applied to periodic deductible', 'cents', 8),
  // Response DUR/PPS (AM24)
  J6: field('567-J6', 'DUR/PPS response code counter', 'integer', 1),
  FS: field('528-FS', 'Clinical significance code', 'text', 1),
  FT: field('529-FT', 'Other pharmacy indicator', 'integer', 1),
  FU: field('530-FU', 'Previous date of fill', 'date', 8),
  FV: field('531-FV', 'Quantity of previous fill', 'thousandths', 10),
  FW: field('532-FW', 'Database indicator', 'text', 1),
  FX: field('533-FX', 'Other prescriber indicator', 'integer', 1),
  FY: field('544-FY', 'DUR free text message', 'text', 30),
} as const satisfies Record<string, D0FieldDef>;
