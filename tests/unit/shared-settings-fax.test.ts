import { describe, expect, it } from 'vitest';
import { FAX_SETTINGS_DEFAULTS, faxSettingsSchema } from '../../shared/src/settings/fax.ts';
import { expectChoice, expectRange, expectSecretRules, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = faxSettingsSchema;

const fullFax = FULL_SETTINGS_WRITES['fax'];

describe('fax settings (spec part 2 §3, §5, §9)', () => {
  it('has the §9 defaults: eFax, 3 retries 5 minutes apart', () => {
    expect(FAX_SETTINGS_DEFAULTS).toMatchObject({ faxProvider: 'efax', faxRetryAttempts: 3, faxRetryDelayMinutes: 5, providerApiKey: { set: false } });
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullFax());
  });

  it('has the §5 bounds', () => {
    expectRange(schema, fullFax(), 'faxRetryAttempts', 1, 10, 'Fax retry attempts must be between 1 and 10');
    expectRange(schema, fullFax(), 'faxRetryDelayMinutes', 1, 60, 'Fax retry delay must be between 1 and 60 minutes');
  });

  it('takes exactly the §9 providers', () => {
    expectChoice(schema, fullFax(), 'faxProvider', ['efax', 'myfax', 'ringcentral', 'srfax', 'gotfreefax'], ['', 'fax.com', 'eFax'],
      'Fax provider must be one of: efax, myfax, ringcentral, srfax, gotfreefax');
  });

  it('checks fax numbers and the API address', () => {
    expect(messagesAt(schema, withValue(fullFax(), 'mainFaxNumber', '555-0143'), 'mainFaxNumber')).toEqual(['Main fax number format: (555) 123-4567']);
    expect(messagesAt(schema, withValue(fullFax(), 'providerApiUrl', 'srfax'), 'providerApiUrl')).toEqual(['Fax provider API URL must be a valid URL (https://...)']);
  });

  it('keeps the provider API key secret', () => {
    expectSecretRules('fax', fullFax(), ['providerApiKey']);
    const parsed = schema.parse(withValue(fullFax(), 'providerApiKey', undefined));
    expect(parsed.providerApiKey).toBeUndefined();
  });
});
