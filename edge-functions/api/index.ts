/**
 * The `api` edge function: the spec's /api endpoints that are more than table access, served at
 * {SUPABASE_URL}/functions/v1/api/<path>. Each area adds its routes from routes/<area>.ts.
 */
import { preflightResponse } from '../_shared/cors.ts';
import { Router } from '../_shared/router.ts';
import { addAuthRoutes } from './routes/auth.ts';
import { addHealthRoutes } from './routes/health.ts';
import { addInteractionRoutes } from './routes/interactions.ts';
import { addLabelRoutes } from './routes/labels.ts';
import { addOnboardingRoutes } from './routes/onboarding.ts';
import { addPrescriptionRoutes } from './routes/prescriptions.ts';
import { addSubscriptionRoutes } from './routes/subscription.ts';

const router = new Router();
addHealthRoutes(router);
addAuthRoutes(router);
addOnboardingRoutes(router);
addSubscriptionRoutes(router);
addInteractionRoutes(router);
addPrescriptionRoutes(router);
addLabelRoutes(router);

Deno.serve((req) => preflightResponse(req) ?? router.handle(req));
