/**
 * What the security policy means at an interaction alert, for the screens (issue 11 "Security Policies"). The
 * database decides (private.alert_blocks, private.override_authority_refusal and move_prescription in
 * supabase/migrations/20261124000500_override_policies.sql); the queue reads these to offer the right buttons
 * and to word the outcome, and a refusal from the database still wins.
 */
import type { AiRiskAssessment } from './policy.ts';

export interface AlertFindings {
  hasInteractions: boolean;
  interactions: readonly { severity: string }[];
}

/** Whether the alert has a severe finding (what step-up and advisory mode look at). */
export function hasSevereFinding(flags: AlertFindings): boolean {
  return flags.interactions.some((finding) => finding.severity === 'severe');
}

/**
 * Whether an interaction alert stops the next step until overridden: enabled, any alert; advisory, only one with
 * a severe finding; disabled, none (the check is still run and recorded). Same rule as private.alert_blocks.
 */
export function alertBlocks(mode: AiRiskAssessment, flags: AlertFindings): boolean {
  if (!flags.hasInteractions) return false;
  if (mode === 'disabled') return false;
  if (mode === 'advisory') return hasSevereFinding(flags);
  return true;
}

/** The override dialog's words for each outcome the database gives. */
export const OVERRIDE_POLICY_MESSAGES = {
  /** Dual approval, the first of two (move_prescription answers approvalRecorded: true). */
  approvalRecorded: 'Approval recorded — a second pharmacist or admin must approve before this prescription is processed',
  /** Dual approval, shown before the first approval. */
  dualApprovalNotice: 'Dual approval: two different pharmacists or admins must each approve this override.',
  /** Step-up (move_prescription answers stepUpRequired: true). */
  stepUpPrompt: 'This is a severe interaction alert. Confirm your password to override it.',
  /** Advisory mode: the alert is shown but does not stop processing. */
  advisoryNotice: 'Advisory: this alert does not block processing.',
} as const;
