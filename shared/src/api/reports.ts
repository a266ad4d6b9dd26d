/**
 * Reports (issue 26): GET /api/reports/{report}?from=YYYY-MM-DD&to=YYYY-MM-DD&format=json|csv for pharmacists and
 * admins (reports:read, decided by the database). format=csv answers the report as a CSV file
 * (Content-Disposition: attachment); pdf and xlsx answer 406 until their exports are built. `pmp` answers the
 * range's controlled fills as an ASAP 4.2 text file, whatever the format, and records it as submitted.
 */
import { reportQuerySchema, reportSchema } from '../reports/report.ts';
import { apiEndpoint } from './endpoint.ts';

export const reportEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/reports/:report',
  access: 'signed-in',
  request: null,
  query: reportQuerySchema,
  response: reportSchema,
  format: 'json',
  successStatus: 200,
});
