/**
 * NCPDP SCRIPT NewRx in XML, versions 10.6 (`<Message version="010" release="006">`) and 2017071
 * (`TransportVersion="2017071"`, Patient/HumanPatient, Prescriber/NonVeterinarian, ProductCode/Code), read into the
 * spec's patientData / drugData / prescriberData with the safe XML reader (safe-xml.ts: no DTD, no entities, bounded).
 * Header (MessageID), Patient, Prescriber (NPI, DEANumber), MedicationPrescribed (DrugDescription, DrugCoded
 * ProductCode with qualifier ND, Strength, Quantity, DaysSupply, Directions / Sig SigText, Refills / NumberOfRefills,
 * Substitutions — 1 is "substitution not allowed by prescriber" — WrittenDate) and BenefitsCoordination (PayerName,
 * IINNumber = BIN, ProcessorIdentificationNumber = PCN, GroupID, CardholderID).
 */
import { clean, countOf, defined, fitExtraction, fullName, normalizeDate, normalizeNdc, phoneOf, quantityOf, sentDea, sentNpi } from './extracted-values.ts';
import { type DrugData, type Extraction, ExtractionError, type PatientData, type PrescriberData, type SourceFormat } from './prescription-file.ts';
import { child, parseXml, textAt, type XmlElement } from './safe-xml.ts';

/** NCI Thesaurus dosage-form codes SCRIPT uses for the common forms. */
const FORM_CODES: Record<string, string> = {
  C48542: 'tablet', C48480: 'capsule', C42998: 'tablet', C42916: 'capsule', C42986: 'solution', C42994: 'suspension',
  C42953: 'liquid', C42967: 'ointment', C28944: 'cream', C42966: 'patch', C42944: 'inhalant', C48491: 'metered dose inhaler',
};

function versionOf(message: XmlElement): SourceFormat {
  const { attributes } = message;
  if ([attributes.TransportVersion, attributes.DatatypesVersion, attributes.TransactionVersion].includes('2017071')) return 'script-xml-2017071';
  if (attributes.version === '010' && attributes.release === '006') return 'script-xml-10.6';
  throw new ExtractionError('This SCRIPT message is neither version 10.6 nor 2017071');
}

function dateIn(element: XmlElement | undefined): string | undefined {
  return normalizeDate(textAt(element, 'Date') ?? textAt(element, 'DateTime') ?? element?.text);
}

function addressOf(address: XmlElement | undefined): string | undefined {
  if (!address) return undefined;
  const street = fullName(textAt(address, 'AddressLine1'), textAt(address, 'AddressLine2'));
  const state = textAt(address, 'StateProvince') ?? textAt(address, 'State');
  const zip = textAt(address, 'PostalCode') ?? textAt(address, 'ZipCode');
  const place = [textAt(address, 'City'), fullName(state, zip)].filter(Boolean).join(', ');
  return clean([street, place].filter(Boolean).join(', '));
}

/** The primary telephone: 2017071's PrimaryTelephone, or 10.6's Communication with qualifier TE. */
function phoneIn(numbers: XmlElement | undefined): string | undefined {
  if (!numbers) return undefined;
  const primary = textAt(numbers, 'PrimaryTelephone', 'Number');
  if (primary) return phoneOf(primary);
  const communications = numbers.children.filter((entry) => entry.name === 'Communication');
  const telephone = communications.find((entry) => textAt(entry, 'Qualifier') === 'TE') ?? communications[0];
  return phoneOf(textAt(telephone, 'Number'));
}

function patientOf(patient: XmlElement | undefined, benefits: XmlElement | undefined): PatientData {
  const person = child(patient, 'HumanPatient') ?? patient;
  const firstName = textAt(person, 'Name', 'FirstName');
  const lastName = textAt(person, 'Name', 'LastName');
  const insurance = benefits
    ? defined({
        provider: clean(textAt(benefits, 'PayerName')),
        policyNumber: clean(textAt(benefits, 'CardholderID')),
        groupNumber: clean(textAt(benefits, 'GroupID')),
        bin: clean(textAt(benefits, 'PayerIdentification', 'IINNumber') ?? textAt(benefits, 'PayerIdentification', 'BINLocationNumber')),
        pcn: clean(textAt(benefits, 'PayerIdentification', 'ProcessorIdentificationNumber')),
      })
    : undefined;
  return defined({
    name: fullName(firstName, textAt(person, 'Name', 'MiddleName'), lastName),
    firstName: clean(firstName),
    lastName: clean(lastName),
    dateOfBirth: dateIn(child(person, 'DateOfBirth')),
    gender: clean(textAt(person, 'Gender')),
    phone: phoneIn(child(person, 'CommunicationNumbers')),
    address: addressOf(child(person, 'Address')),
    insuranceInfo: insurance && Object.keys(insurance).length > 0 ? insurance : undefined,
  });
}

function prescriberOf(prescriber: XmlElement | undefined, writtenDate: string | undefined): PrescriberData {
  const person = child(prescriber, 'NonVeterinarian') ?? child(prescriber, 'Veterinarian') ?? prescriber;
  const firstName = textAt(person, 'Name', 'FirstName');
  const lastName = textAt(person, 'Name', 'LastName');
  return defined({
    name: fullName(firstName, lastName),
    firstName: clean(firstName),
    lastName: clean(lastName),
    npiNumber: sentNpi(textAt(person, 'Identification', 'NPI')),
    deaNumber: sentDea(textAt(person, 'Identification', 'DEANumber')),
    address: addressOf(child(person, 'Address')),
    phone: phoneIn(child(person, 'CommunicationNumbers')),
    dateSigned: writtenDate,
  });
}

function strengthOf(coded: XmlElement | undefined): string | undefined {
  const strength = child(coded, 'Strength');
  if (!strength) return undefined;
  const value = textAt(strength, 'StrengthValue');
  if (value === undefined) return clean(strength.text);
  const unit = textAt(strength, 'StrengthUnitOfMeasure', 'Code');
  // C28253 mg, C28254 mL, C48155 g, C48152 mcg: the units prescriptions are written in.
  const units: Record<string, string> = { C28253: 'mg', C28254: 'mL', C48155: 'g', C48152: 'mcg' };
  return clean(`${value} ${unit ? units[unit] ?? '' : ''}`);
}

function refillsOf(medication: XmlElement): number | undefined {
  const count = textAt(medication, 'NumberOfRefills');
  if (count !== undefined) return countOf(count, 99);
  const refills = child(medication, 'Refills');
  // 10.6: Qualifier R with the number; PRN (as needed) has no number a pharmacy can enter.
  return textAt(refills, 'Qualifier') === 'PRN' ? undefined : countOf(textAt(refills, 'Value'), 99);
}

function drugOf(medication: XmlElement | undefined): DrugData {
  if (!medication) throw new ExtractionError('The NewRx has no MedicationPrescribed');
  const coded = child(medication, 'DrugCoded');
  const productCode = child(coded, 'ProductCode');
  const code = textAt(productCode, 'Code') ?? productCode?.text;
  const qualifier = textAt(productCode, 'Qualifier') ?? textAt(coded, 'ProductCodeQualifier');
  const formCode = textAt(coded, 'Strength', 'StrengthForm', 'Code') ?? textAt(medication, 'Quantity', 'QuantityUnitOfMeasure', 'Code')
    ?? textAt(medication, 'Quantity', 'PotencyUnitCode');
  const substitutions = textAt(medication, 'Substitutions');
  return defined({
    name: clean(textAt(medication, 'DrugDescription')),
    strength: strengthOf(coded),
    form: formCode ? FORM_CODES[formCode] : undefined,
    quantity: quantityOf(textAt(medication, 'Quantity', 'Value')),
    daysSupply: countOf(textAt(medication, 'DaysSupply'), 365),
    directions: clean(textAt(medication, 'Sig', 'SigText') ?? textAt(medication, 'Directions')),
    refills: refillsOf(medication),
    genericSubstitution: substitutions === undefined ? undefined : substitutions !== '1',
    ndcNumber: qualifier === 'ND' ? normalizeNdc(code) : undefined,
  });
}

/** Reads a SCRIPT NewRx XML message; anything else (another transaction, another version, bad XML) is an ExtractionError. */
export function parseScriptNewRx(text: string): Extraction {
  const message = parseXml(text);
  if (message.name !== 'Message') throw new ExtractionError('The XML document is not an NCPDP SCRIPT Message');
  const sourceFormat = versionOf(message);
  const body = child(message, 'Body');
  const transaction = body?.children[0];
  if (!transaction || transaction.name !== 'NewRx') {
    throw new ExtractionError(`This SCRIPT message is ${transaction ? `a ${transaction.name}` : 'empty'}, not a NewRx (new prescription)`);
  }
  const medication = child(transaction, 'MedicationPrescribed');
  const writtenDate = dateIn(child(medication, 'WrittenDate'));
  return fitExtraction({
    sourceFormat,
    messageId: clean(textAt(message, 'Header', 'MessageID')),
    patientData: patientOf(child(transaction, 'Patient'), child(transaction, 'BenefitsCoordination')),
    drugData: drugOf(medication),
    prescriberData: prescriberOf(child(transaction, 'Prescriber'), writtenDate),
  });
}
