/**
 * Which staff member has which prescription open (issue 4: presence). Every queue screen of a pharmacy joins
 * the private channel `pharmacy:<id>:presence` (only that pharmacy's staff are admitted, by the policies on
 * realtime.messages) and tracks the prescription whose dialog it has open (or none); presence is keyed by
 * the user's id, which the server takes from the JWT. The hook answers, per prescription id, the other
 * staff members who have it open.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';

export interface PresentStaff {
  userId: string;
  name: string;
  initials: string;
}

interface PresenceMeta {
  name: string;
  initials: string;
  prescriptionId: string | null;
}

export interface PresenceSelf {
  pharmacyId: string;
  userId: string;
  firstName: string;
  lastName: string;
}

export function usePrescriptionPresence(self: PresenceSelf, openPrescriptionId: string | null): Map<string, PresentStaff[]> {
  const [state, setState] = useState<Record<string, PresenceMeta[]>>({});
  const channelRef = useRef<RealtimeChannel | null>(null);
  const joined = useRef(false);
  const openRef = useRef(openPrescriptionId);
  openRef.current = openPrescriptionId;
  const name = `${self.firstName} ${self.lastName}`;
  const initials = `${self.firstName.charAt(0)}${self.lastName.charAt(0)}`.toUpperCase();

  useEffect(() => {
    let channel: RealtimeChannel | null = null;
    // Deferred one tick: React's development double mount would otherwise reuse the channel it is leaving
    // (one presence topic per pharmacy, and supabase.channel() returns a live channel of the same topic).
    const start = setTimeout(() => {
      channel = supabase.channel(`pharmacy:${self.pharmacyId}:presence`, { config: { private: true, presence: { key: self.userId } } });
      channelRef.current = channel;
      channel
        .on('presence', { event: 'sync' }, () => setState({ ...(channel?.presenceState<PresenceMeta>() ?? {}) }))
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') {
            joined.current = true;
            void channel?.track({ name, initials, prescriptionId: openRef.current });
          } else {
            joined.current = false;
          }
        });
    }, 0);
    return () => {
      clearTimeout(start);
      joined.current = false;
      channelRef.current = null;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [self.pharmacyId, self.userId, name, initials]);

  useEffect(() => {
    if (joined.current && channelRef.current) void channelRef.current.track({ name, initials, prescriptionId: openPrescriptionId });
  }, [openPrescriptionId, name, initials]);

  return useMemo(() => {
    const byPrescription = new Map<string, PresentStaff[]>();
    for (const [userId, metas] of Object.entries(state)) {
      if (userId === self.userId) continue;
      for (const meta of metas) {
        if (!meta.prescriptionId) continue;
        const list = byPrescription.get(meta.prescriptionId) ?? [];
        if (!list.some((staff) => staff.userId === userId)) list.push({ userId, name: meta.name, initials: meta.initials });
        byPrescription.set(meta.prescriptionId, list);
      }
    }
    return byPrescription;
  }, [state, self.userId]);
}
