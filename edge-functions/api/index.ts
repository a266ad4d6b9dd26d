/**
 * The `api` edge function: the spec's /api endpoints that are more than table access, served at
 * {SUPABASE_URL}/functions/v1/api/<path>. Each area serves its endpoints of the contract
 * (shared/src/api/<area>.ts) from routes/<area>.ts; the ApiRouter takes nothing but contract endpoints.
 */
import { preflightResponse } from '../_shared/cors.ts';
import { ApiRouter } from '../_shared/api-endpoints.ts';
import { addAuditLogRoutes } from './routes/audit-logs.ts';
import { addAuthRoutes } from './routes/auth.ts';
import { addClaimRoutes } from './routes/claims.ts';
import { addDrugClinicalRoutes } from './routes/drug-clinical.ts';
import { addDrugPricingRoutes } from './routes/drug-pricing.ts';
import { addDrugSyncRoutes } from './routes/drug-sync.ts';
import { addDrugRoutes } from './routes/drugs.ts';
import { addHealthRoutes } from './routes/health.ts';
import { addInteractionRoutes } from './routes/interactions.ts';
import { addLabelRoutes } from './routes/labels.ts';
import { addInventoryRoutes } from './routes/inventory.ts';
import { addWholesaleRoutes } from './routes/wholesale.ts';
import { addMedicationRoutes } from './routes/medications.ts';
import { addMessagingRoutes } from './routes/messaging.ts';
import { addMigrationRoutes } from './routes/migration.ts';
import { addOnboardingRoutes } from './routes/onboarding.ts';
import { addPharmacyLogoRoutes } from './routes/pharmacy-logo.ts';
import { addPrescriberRoutes } from './routes/prescribers.ts';
import { addPrescriptionFileRoutes } from './routes/prescription-files.ts';
import { addPrescriptionRoutes } from './routes/prescriptions.ts';
import { addReportRoutes } from './routes/reports.ts';
import { addSecurityPolicyRoutes } from './routes/security-policies.ts';
import { addStepUpRoutes } from './routes/step-up.ts';
import { addSubscriptionRoutes } from './routes/subscription.ts';
import { addSystemSettingsRoutes } from './routes/system-settings.ts';
import { addSystemStatusRoutes } from './routes/system-status.ts';
import { addUserRoutes } from './routes/users.ts';

const router = new ApiRouter();
addHealthRoutes(router);
addAuthRoutes(router);
addOnboardingRoutes(router);
addSubscriptionRoutes(router);
addInteractionRoutes(router);
addPrescriptionRoutes(router);
addLabelRoutes(router);
addSecurityPolicyRoutes(router);
addAuditLogRoutes(router);
addUserRoutes(router);
addStepUpRoutes(router);
addSystemSettingsRoutes(router);
addPharmacyLogoRoutes(router);
addSystemStatusRoutes(router);
addMessagingRoutes(router);
addDrugRoutes(router);
addDrugClinicalRoutes(router);
addDrugPricingRoutes(router);
addDrugSyncRoutes(router);
addMedicationRoutes(router);
addInventoryRoutes(router);
addWholesaleRoutes(router);
addClaimRoutes(router);
addPrescriberRoutes(router);
addPrescriptionFileRoutes(router);
addReportRoutes(router);
addMigrationRoutes(router);

Deno.serve((req) => preflightResponse(req) ?? router.handle(req));
